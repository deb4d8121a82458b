// The live view never hangs: on a terminal of 0 columns (`script`, an early `docker run -t`) the
// watch falls back to the line view and ends; SIGTERM and SIGHUP end a watch like Ctrl-C does,
// with the shell's exit codes (143, 129) and the resume hint.

import { execFileSync } from 'node:child_process';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, forgectl, json, tempDir } from '../helpers/cli.js';
import { useMigrationSandboxes } from '../helpers/sandbox.js';

const hasScript = (() => {
  try {
    execFileSync('script', ['-q', '-e', '-c', 'true', '/dev/null']);
    return true;
  } catch {
    return false;
  }
})();

const { source, dest } = useMigrationSandboxes();

const env = () => ({ FORGECTL_URL: dest().url, FORGECTL_TOKEN: dest().tokens.admin });

async function startMigration(slug: string): Promise<number> {
  const started = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', `project:acme/web/landing-page=opensource:${slug}`, '-o', 'json'], {
    env: env(),
    input: source().tokens.bob,
  });
  expect(started.exitCode, started.stderr).toBe(0);
  return json(started).id;
}

describe.skipIf(!hasScript)('migrate watch on a terminal of 0 columns', () => {
  it('uses the line view and ends with the migration, with a small output', async () => {
    const id = await startMigration('zero-columns');
    const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const cmd = `stty cols 0 rows 0; exec ${quote(BIN)} migrate watch ${id} --interval 100ms`;
    const res = await execa('script', ['-q', '-e', '-c', cmd, '/dev/null'], {
      env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir(), ...env() }),
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    expect(res.timedOut).toBe(false);
    expect(res.exitCode, String(res.stdout)).toBe(0);
    const out = String(res.stdout);
    expect(out.length).toBeLessThan(20_000);
    expect(out).toMatch(new RegExp(`migration ${id} finished: 1 of 1 finished`));
    // The line view's timestamps, not the spinner's redraws.
    expect(out).toMatch(/\[\d+s\] entity \d+ project acme\/web\/landing-page → opensource\/zero-columns/);
  });
});

describe('signals end a watch', () => {
  for (const [signal, code] of [['SIGTERM', 143], ['SIGHUP', 129], ['SIGINT', 130]] as const) {
    it(`${signal}: exit ${code}, with the command that resumes watching`, async () => {
      const id = await startMigration(`signal-${signal.toLowerCase()}`);
      dest().addFaults('503:500');
      try {
        const child = execa(BIN, ['migrate', 'watch', String(id), '--interval', '100ms', '--retries', '0'], {
          env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir(), ...env() }),
          extendEnv: false,
          reject: false,
          timeout: 30_000,
        });
        let stderr = '';
        await new Promise<void>((resolve) => {
          child.stderr!.on('data', (d: Buffer) => {
            stderr += d.toString();
            if (stderr.includes('polling migration')) resolve();
          });
        });
        child.kill(signal);
        const res = await child;
        expect(res.timedOut).toBe(false);
        expect(res.exitCode).toBe(code);
        expect(String(res.stderr)).toContain(`hint: watch again with: forgectl migrate watch ${id}`);
      } finally {
        dest().state.faults.clear();
      }
    });
  }
});
