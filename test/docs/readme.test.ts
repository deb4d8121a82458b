// Every README example in a fenced block marked `sh test` runs here, in order, against a sandbox,
// so the guide cannot drift from the tool. The README's example URL is pointed at the sandbox and a
// `token.txt` with the sandbox administrator's token (and the other files the examples read) wait in
// the working directory.

import { execa } from 'execa';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';
import { alertIntegrationInfo } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/sandbox.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
const EXAMPLE_URL = 'https://gitlab.example.com';
// The source instance of the migration examples: the same sandbox, read with a second administrator token (the guide rotates the first).
const SOURCE_URL = 'https://old.example.com';

interface Example {
  line: string;
  expectedExit: number;
}

/** The commands of the marked blocks; `# exit N` at the end of a line says which exit code it expects. */
function readmeExamples(): Example[] {
  const out: Example[] = [];
  for (const m of README.matchAll(/^```sh test\n([\s\S]*?)^```$/gm)) {
    for (const raw of m[1].split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      out.push({ line, expectedExit: Number(/#\s*exit (\d+)\s*$/.exec(line)?.[1] ?? 0) });
    }
  }
  return out;
}

// A fast clock, so a watched migration ends in seconds.
/** Files the guide shows as a ```yaml block whose first line is `# NAME`; written where the examples run. */
function readmeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of README.matchAll(/^```yaml\n# ([\w.-]+)\n([\s\S]*?)^```$/gm)) files.set(m[1], m[2]);
  return files;
}

const sandbox = useSandbox({ clockSpeed: 200 });

describe('README examples', () => {
  const examples = readmeExamples();

  it('has examples marked for testing, and the files they read', () => {
    expect(examples.length).toBeGreaterThan(10);
    expect([...readmeFiles().keys()]).toContain('migration-plan.yaml');
  });

  it('each runs against the sandbox and ends as the README says', { timeout: 300_000 }, async () => {
    const sb = sandbox();
    const cwd = tempDir('forgectl-readme-');
    const binDir = tempDir('forgectl-bin-');
    symlinkSync(BIN, join(binDir, 'forgectl'));
    writeFileSync(join(cwd, 'token.txt'), `${sb.tokens.admin}\n`);
    writeFileSync(join(cwd, 'akismet-key.txt'), 'akismet-example-key\n');
    writeFileSync(join(cwd, 'hook-secret.txt'), 'hook-example-secret\n');
    writeFileSync(join(cwd, 'runbook.pdf'), '%PDF-1.4\n');
    const alerts = alertIntegrationInfo(sb.state).find((i) => i.type === 'http' && i.active)!;
    writeFileSync(join(cwd, 'alert-key.txt'), `${alerts.key}\n`);
    for (const [name, text] of readmeFiles()) writeFileSync(join(cwd, name), text.replaceAll(EXAMPLE_URL, sb.url).replaceAll(SOURCE_URL, sb.url));
    const env = cleanEnv({ PATH: `${binDir}:${process.env.PATH}`, FORGECTL_CONFIG_DIR: tempDir(), OLD_TOKEN: sb.tokens.admin_nosudo, ALERT_URL: alerts.url });
    for (const { line, expectedExit } of examples) {
      const command = line.replaceAll(EXAMPLE_URL, sb.url).replaceAll(SOURCE_URL, sb.url);
      // Asynchronous: the sandbox answers from this process.
      const res = await execa('bash', ['-o', 'pipefail', '-c', command], { cwd, env, extendEnv: false, reject: false, timeout: 60_000 });
      expect(res.exitCode, `${line}\nstdout: ${res.stdout}\nstderr: ${res.stderr}`).toBe(expectedExit);
    }
    // The administrator's token was rotated by the guide; the profile holds the new one.
    const self = await execa('bash', ['-c', 'forgectl token self -o json'], { cwd, env, extendEnv: false });
    expect(JSON.parse(self.stdout)).toMatchObject({ name: 'admin', active: true });
  });
});
