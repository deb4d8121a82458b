// Reading and writing the instance file (and the settings and envs files that share its reader):
// hostile YAML, files edited by YAML 1.1 tools, every problem of a file at once, layered files.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const dir = tempDir();

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function run(args: string[], env: Record<string, string> = {}) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, 'admin', env) });
  return { res, sent: requestsSince(sb, mark) };
}

/** Nine levels of nine aliases: a billion strings once expanded ("billion laughs"). */
function aliasBomb(): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++) lines.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('a YAML alias bomb', () => {
  it('is refused with exit 2 naming the file, by state, settings and envs alike, before any request', async () => {
    const path = file('bomb.yaml', aliasBomb());
    for (const args of [
      ['state', 'plan', '-f', path],
      ['state', 'apply', '-f', path, '--yes'],
      ['settings', 'set', '-f', path, '--yes'],
      ['settings', 'diff', '-f', path],
      ['envs', 'apply', 'acme', '-f', path, '--yes'],
    ]) {
      const { res, sent } = await run(args);
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain(path);
      expect(res.stderr).toMatch(/alias/);
      expect(res.stderr).not.toMatch(/resource exhaustion attack/);
      expect(sent).toEqual([]);
    }
  });
});
