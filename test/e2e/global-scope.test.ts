// A command's --help lists the global options it honours, not all of them (issue 37.2), and -o or
// --fields given to a command whose output has one form is refused before anything is sent (33.8).

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** The flags of the `Inherited options` block of a help page (empty when it has none). */
async function inherited(args: string[]): Promise<string[]> {
  const res = await forgectl([...args, '--help']);
  expect(res.exitCode, res.stderr).toBe(0);
  const block = /\nInherited options \(described in `forgectl --help`\):\n((?:  .*\n)+)/.exec(res.stdout)?.[1] ?? '';
  return [...block.matchAll(/--[a-z-]+/g)].map((m) => m[0]);
}

describe('--help lists the global options a command honours', () => {
  it('sandbox: no paging, instance, --sudo or --dry-run options; -o still (it prints JSON for scripts)', async () => {
    const flags = await inherited(['sandbox']);
    for (const f of ['--all', '--limit', '--page', '--per-page', '--fields', '--sudo', '--dry-run', '--url', '--token', '--profile', '--yes', '--ca-file']) expect(flags, f).not.toContain(f);
    expect(flags).toEqual(expect.arrayContaining(['--output', '--no-color']));
    expect((await forgectl(['sandbox', '--help'])).stdout).not.toMatch(/--limit/);
  });

  it('a list takes the paging options, a read no --dry-run, a write --dry-run and --yes', async () => {
    const list = await inherited(['token', 'list']);
    expect(list).toEqual(expect.arrayContaining(['--all', '--limit', '--page', '--per-page', '--output', '--fields', '--url', '--sudo']));
    expect(list).not.toContain('--dry-run');
    expect(list).not.toContain('--yes');
    const get = await inherited(['token', 'get']);
    expect(get).not.toContain('--limit');
    expect(get).toContain('--url');
    const revoke = await inherited(['token', 'revoke']);
    expect(revoke).toEqual(expect.arrayContaining(['--dry-run', '--yes', '--url']));
    expect(revoke).not.toContain('--all');
    // Read page by page though not named list.
    expect(await inherited(['migrate', 'entities'])).toContain('--limit');
    // Named list, but every page at once: no paging.
    expect(await inherited(['wiki', 'list'])).not.toContain('--limit');
  });

  it('groups (state, profile) print no block of options their commands may not take', async () => {
    for (const group of [['state'], ['profile'], ['mr', 'train']]) {
      expect(await inherited(group), group.join(' ')).toEqual([]);
      const help = (await forgectl([...group, '--help'])).stdout.replace(/\s+/g, ' ');
      expect(help).toContain(`Run \`forgectl ${group.join(' ')} COMMAND --help\` for a command's options and the global options it takes.`);
    }
  });

  it('local commands take no instance options: profile list, state schema, completion', async () => {
    const profiles = await inherited(['profile', 'list']);
    expect(profiles).toContain('--config-dir');
    expect(profiles).toContain('--output');
    for (const f of ['--url', '--token', '--sudo', '--limit', '--all']) expect(profiles, f).not.toContain(f);
    const schema = await inherited(['state', 'schema']);
    for (const f of ['--url', '--output', '--fields', '--config-dir']) expect(schema, f).not.toContain(f);
    expect(await inherited(['completion'])).not.toContain('--output');
  });

  it('profile add, login and set-token write the config, so their help offers --config-dir', async () => {
    for (const cmd of ['add', 'login', 'set-token']) expect(await inherited(['profile', cmd]), cmd).toContain('--config-dir');
  });
});

describe('a global option the command does not take (issue 41.4)', () => {
  it('is exit 2 naming it, before any request: token audit --page 2, --where with paging, token self --limit', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const cases: [string[], string][] = [
      [['token', 'audit', '--page', '2'], 'forgectl token audit does not take --page'],
      [['token', 'audit', '--page', '9', '--exit-code'], 'forgectl token audit does not take --page'],
      [['--limit', '5', 'token', 'audit'], 'forgectl token audit does not take --limit'],
      [['token', 'revoke', '--where', 'no-expiry', '--page', '3', '--yes'], 'forgectl token revoke does not take --page'],
      [['token', 'rotate', '--where', 'unused', '--all', '--yes'], 'forgectl token rotate does not take --all'],
      [['token', 'self', '--limit', '1'], 'forgectl token self does not take --limit'],
      [['broadcast', 'get', '1', '--dry-run'], 'forgectl broadcast get does not take --dry-run'],
    ];
    for (const [args, message] of cases) {
      const res = await forgectl(args, { env: envFor(sb, 'admin') });
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stdout, args.join(' ')).toBe('');
      expect(res.stderr.split('\n')[0], args.join(' ')).toBe(`error: ${message}`);
    }
    expect(requestsSince(sb, mark)).toEqual([]);
  });
});

describe('-o on a command whose output has one form', () => {
  it('is refused with exit 2 and one line naming the command, before anything is sent', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const cases: [string[], RegExp][] = [
      [['state', 'export', '-o', 'json'], /^error: forgectl state export does not take -o\/--output/],
      [['-o', 'yaml', 'state', 'export'], /^error: forgectl state export does not take -o\/--output/],
      [['state', 'schema', '-o', 'yaml'], /^error: forgectl state schema does not take -o\/--output/],
      [['completion', 'bash', '--output', 'json'], /^error: forgectl completion does not take -o\/--output/],
      [['licenses', '--fields', 'name'], /^error: forgectl licenses does not take --fields/],
      [['profile', 'use', 'work', '-o', 'json'], /^error: forgectl profile use does not take -o\/--output/],
    ];
    for (const [args, message] of cases) {
      const res = await forgectl(args, { env: envFor(sb) });
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stdout, args.join(' ')).toBe('');
      expect(res.stderr.split('\n')[0], args.join(' ')).toMatch(message);
    }
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('is taken by commands that format their output, and FORGECTL_OUTPUT is never refused', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveProperty('scopes');
    const schema = await forgectl(['state', 'schema'], { env: envFor(sb, 'admin', { FORGECTL_OUTPUT: 'yaml' }) });
    expect(schema.exitCode, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout)).toHaveProperty('$schema');
  });
});
