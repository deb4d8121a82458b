// Every command × every global option, through the real program with no server (parse only): a
// global option is accepted exactly when the command's --help lists it (and its completion offers
// it); any other is exit 2 naming it (issue 41.4: 403 such combinations were accepted and ignored).

import { describe, expect, it } from 'vitest';
import { globalOptions } from '../../src/core/command.js';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree, leafCommands, type CommandNode } from '../../src/docs/tree.js';
import { parseCli, runCli } from '../helpers/harness.js';

/** Splits an example like a shell would, enough for flags and quoted words. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const GLOBALS = globalOptions();

/** A value each global option takes, and the environment it needs to mean anything. */
const VALUES: Record<string, { value?: string; env?: Record<string, string> }> = {
  '--profile': { value: 'work' },
  '--profiles': { value: 'a,b' },
  '--fleet-concurrency': { value: '2', env: { FORGECTL_PROFILES: 'a,b' } },
  '--serial': { env: { FORGECTL_PROFILES: 'a,b' } },
  '--url': { value: 'https://gitlab.example.com' },
  '--token': { value: 'glpat-aaaaaaaaaaaaaaaaaaaa' },
  '--token-type': { value: 'oauth' },
  '--sudo': { value: 'alice' },
  '--output': { value: 'json' },
  '--fields': { value: 'id' },
  '--page': { value: '2' },
  '--per-page': { value: '50' },
  '--limit': { value: '5' },
  '--timeout': { value: '5' },
  '--retries': { value: '1' },
  '--ca-file': { value: 'ca.pem' },
  '--client-cert': { value: 'client.pem' },
  '--client-key': { value: 'client-key.pem' },
  '--config-dir': { value: 'forgectl-config' },
  '--inventory': { value: 'inventory.yaml' },
};

/** The first example line that runs this command, without the global options it gives. */
function baseLine(node: CommandNode): string[] | undefined {
  for (const example of node.examples) {
    if (example.startsWith('#')) continue;
    for (const part of example.split(/\s*(?:;|\||&&)\s*/)) {
      const line = part.replace(/\s*(?:\d?[<>]|<\().*$/, '');
      if (!/^(?:\w+=\S*\s+)*forgectl\s/.test(`${line} `)) continue;
      const argv = words(line.replace(/^(?:\w+=\S*\s+)*forgectl\b/, ''));
      const plain = argv.filter((w) => !w.startsWith('-'));
      if (!node.path.every((p, i) => plain[i] === p || (i === node.path.length - 1 && node.aliases.includes(plain[i])))) continue;
      const own = new Set(node.options.filter((o) => !o.global).flatMap((o) => [o.long, o.short]));
      const out: string[] = [];
      for (let i = 0; i < argv.length; i++) {
        const g = own.has(argv[i].split('=')[0]) ? undefined : GLOBALS.find((o) => o.long === argv[i].split('=')[0] || o.short === argv[i]);
        if (!g) out.push(argv[i]);
        else if ((g.required || g.optional) && !argv[i].includes('=')) i++;
      }
      return out;
    }
  }
  return undefined;
}

/** The global flags a help page lists under "Inherited options". */
function inheritedFlags(help: string): Set<string> {
  const block = /\nInherited options \(described in `forgectl --help`\):\n((?:  .*\n)+)/.exec(help)?.[1] ?? '';
  return new Set([...block.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]));
}

describe('a command takes the global options its --help lists, and refuses the others', () => {
  const leaves = leafCommands(commandTree(docsProgram()));

  it('covers every command', () => {
    expect(leaves.length).toBeGreaterThan(80);
  });

  it.each(leaves.map((c) => [c.path.join(' '), c] as const))('%s', async (name, node) => {
    const help = await runCli([...node.path, '--help']);
    expect(help.exitCode, help.stderr).toBe(0);
    const listed = inheritedFlags(help.stdout);
    // Completion reads the same tree: the global options it offers are the ones help lists.
    expect(new Set(node.options.filter((o) => o.global).map((o) => o.long)), 'completion').toEqual(listed);
    const base = baseLine(node);
    expect(base, `${name}: no example runs it`).toBeDefined();
    const ok = await parseCli(base!);
    expect(ok.exitCode, `${base!.join(' ')}\n${ok.stderr}`).toBe(0);
    const own = new Set(node.options.filter((o) => !o.global).flatMap((o) => [o.long, o.short]));
    const wrong: string[] = [];
    for (const opt of GLOBALS) {
      const flag = opt.long!;
      // The command's own option of that name (`dashboards unstar --all`) is not the global one.
      if (own.has(flag)) continue;
      const { value, env } = VALUES[flag] ?? {};
      const argv = [...base!, flag, ...(value === undefined ? [] : [value])];
      const res = await parseCli(argv, { env });
      const accepted = res.exitCode === 0;
      if (accepted !== listed.has(flag)) wrong.push(`${flag}: ${listed.has(flag) ? 'listed' : 'not listed'}, ${accepted ? 'accepted' : `refused: ${res.stderr.trim()}`}`);
      else if (!accepted) {
        expect(res.exitCode, argv.join(' ')).toBe(2);
        expect(res.stderr.split('\n')[0], argv.join(' ')).toContain(flag);
      }
    }
    expect(wrong, name).toEqual([]);
  });
});

describe('options a command does not take, wherever on the line', () => {
  it.each([
    [['token', 'audit', '--page', '2'], /^error: forgectl token audit does not take --page$/],
    [['--page', '2', 'token', 'audit'], /^error: forgectl token audit does not take --page$/],
    [['token', '--limit', '3', 'audit'], /^error: forgectl token audit does not take --limit$/],
    [['token', 'audit', '--all'], /^error: forgectl token audit does not take --all$/],
    [['token', 'revoke', '--where', 'no-expiry', '--page', '3', '--yes'], /^error: forgectl token revoke does not take --page$/],
    [['token', 'rotate', '--where', 'no-expiry', '--per-page', '20', '--yes'], /^error: forgectl token rotate does not take --per-page$/],
    [['token', 'self', '--limit', '1'], /^error: forgectl token self does not take --limit$/],
    [['state', 'schema', '--url', 'https://gitlab.example.com'], /^error: forgectl state schema does not take --url$/],
    [['token', 'list', '--dry-run'], /^error: forgectl token list does not take --dry-run$/],
  ])('%j', async (argv, message) => {
    const res = await parseCli(argv);
    expect(res.exitCode).toBe(2);
    expect(res.stderr.split('\n')[0]).toMatch(message);
    expect(res.stderr).toContain('--help` lists the options it takes');
  });
});

describe('one instance selection in the environment (issue 41.5)', () => {
  const url = 'https://gitlab.example.com';
  it.each([
    [{ FORGECTL_PROFILES: 'a,b', FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-aaaaaaaaaaaaaaaaaaaa' }, 'FORGECTL_URL, FORGECTL_TOKEN'],
    [{ FORGECTL_PROFILES: 'a,b', FORGECTL_TOKEN: 'glpat-aaaaaaaaaaaaaaaaaaaa' }, 'FORGECTL_TOKEN'],
    [{ FORGECTL_PROFILES: 'prod-*', FORGECTL_PROFILE: 'work' }, 'FORGECTL_PROFILE'],
  ])('%j is exit 2 naming both', async (env, named) => {
    const res = await parseCli(['token', 'self'], { env });
    expect(res.exitCode).toBe(2);
    expect(res.stderr.split('\n')[0]).toBe(`error: FORGECTL_PROFILES names a fleet and ${named} one instance: both are set`);
  });

  it('the command line decides, and a command that reaches no instance is not stopped', async () => {
    const env = { FORGECTL_PROFILES: 'a,b', FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-aaaaaaaaaaaaaaaaaaaa' };
    const one = await parseCli(['-p', 'work', 'token', 'self'], { env });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.parsed!.globals.profiles).toBeUndefined();
    const fleet = await parseCli(['--profiles', 'a,b', 'token', 'self'], { env });
    expect(fleet.exitCode, fleet.stderr).toBe(0);
    expect(fleet.parsed!.globals.profiles).toEqual(['a', 'b']);
    expect((await parseCli(['completion', 'bash'], { env })).exitCode).toBe(0);
  });

  it('alerts send and resolve refuse a fleet: they send to one URL', async () => {
    const res = await parseCli(['alerts', 'send', '--url', 'https://a.example/n.json', '--title', 'T', '--all-profiles']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr.split('\n')[0]).toBe('error: forgectl alerts send does not take --all-profiles: it runs once, not once per instance');
  });
});
