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

describe('every problem of the file at once', () => {
  it('three mistakes in three sections are all reported, each with file:line:column and its path, before any request', async () => {
    const path = file(
      'three.yaml',
      ['settings:', '  signup_enabled: true', '  max_attachment_size: big', 'system_hooks:', '  - url: https://a.example.com', '    push_events: maybe', 'broadcast_messages:', '  - message: hello', '    colour: red', ''].join('\n'),
    );
    for (const command of ['plan', 'apply']) {
      const { res, sent } = await run(['state', command, '-f', path, '--yes']);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toContain(`${path} has 3 problems:`);
      expect(res.stderr).toContain(`${path}:3:24: settings.max_attachment_size must be an integer, got "big"`);
      expect(res.stderr).toMatch(new RegExp(`${path}:6:18: system_hooks\\[0\\]\\.push_events: .*expected boolean`));
      expect(res.stderr).toContain(`${path}:9:5: unknown key broadcast_messages[0].colour`);
      expect(sent).toEqual([]);
    }
  });

  it('stops listing at 50, saying how many more there are', async () => {
    const hooks = Array.from({ length: 60 }, (_, i) => `  - url: https://h${i}.example.com\n    push_events: maybe\n`).join('');
    const { res, sent } = await run(['state', 'plan', '-f', file('sixty.yaml', `system_hooks:\n${hooks}`)]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('has 60 problems:');
    expect(res.stderr.split('\n').filter((l) => /sixty\.yaml:\d+:\d+: /.test(l))).toHaveLength(50);
    expect(res.stderr).toContain('… and 10 more');
    expect(sent).toEqual([]);
  });

  it('a group that does not exist is named with its line (exit 2), and nothing is written', async () => {
    const path = file('groups.yaml', 'groups:\n  acme/platform:\n    notification_settings: {level: watch}\n  acme/nosuch:\n    notification_settings: {level: watch}\n  nowhere:\n    protected_environments: {}\n');
    const { res, sent } = await run(['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`${path}:4:3: groups.acme/nosuch: the group acme/nosuch does not exist`);
    expect(res.stderr).toContain(`${path}:6:3: groups.nowhere: the group nowhere does not exist`);
    expect(res.stderr).not.toContain('groups.acme/platform:');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('hints speak of the file, not of command-line arguments', async () => {
    const path = file('akismet.yaml', 'settings:\n  akismet_enabled: true\n');
    const { res } = await run(['state', 'plan', '-f', path]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`error: ${path}:2:20: settings.akismet_enabled: true requires akismet_api_key`);
    expect(res.stderr).toContain('hint: add akismet_api_key to settings');
    expect(res.stderr).not.toMatch(/=…|in the same command/);
  });
});
