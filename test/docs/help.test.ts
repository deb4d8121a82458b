// Every command's help: a summary, at least one example that really parses as that command, and
// `forgectl help COMMAND` / suggestions for unknown words.

import { describe, expect, it } from 'vitest';
import { docsProgram, generatedFiles } from '../../src/docs/generate.js';
import { globalOptions } from '../../src/core/command.js';
import { allCommands, commandTree, leafCommands, type CommandNode } from '../../src/docs/tree.js';
import { forgectl } from '../helpers/cli.js';
import { runCli } from '../helpers/harness.js';

/** Splits an example line like a shell would, enough for flags and quoted words. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The command an example runs and the flags it uses, or a description of what is wrong. */
function resolveExample(root: CommandNode, line: string): { command?: CommandNode; problem?: string } {
  const w = words(line.replace(/^.*?\bforgectl\b/, 'forgectl').replace(/\s*[|<>].*$/, ''));
  let node = root;
  let i = 1;
  for (; i < w.length; i++) {
    const next = node.children.find((c) => c.name === w[i] || c.aliases.includes(w[i]));
    if (!next) break;
    node = next;
  }
  if (node.children.length) return { problem: `"${line}" stops at group "${node.path.join(' ')}"` };
  const known = new Set(node.options.flatMap((o) => [o.long, o.short]).concat(['-h', '--help']));
  for (const word of w.slice(i)) {
    if (!word.startsWith('-') || word === '-') continue;
    const flag = word.split('=')[0];
    if (!known.has(flag)) return { problem: `"${line}": ${node.path.join(' ')} has no ${flag}` };
  }
  return { command: node };
}

function generatedMan(name: string): string {
  return generatedFiles().get(`man/${name}`) ?? '';
}

describe('help of every command', () => {
  const root = commandTree(docsProgram());
  const leaves = leafCommands(root).filter((c) => c.name !== 'help');

  it('has a one-line summary and at least one example', () => {
    for (const c of leaves) {
      expect(c.summary.length, c.path.join(' ')).toBeGreaterThan(10);
      expect(c.summary, c.path.join(' ')).not.toContain('\n');
      expect(c.examples.filter((e) => !e.startsWith('#')).length, `${c.path.join(' ')} has no example`).toBeGreaterThan(0);
    }
  });

  it('has examples that run the command they document with flags it has', () => {
    for (const c of leaves) {
      for (const e of c.examples.filter((x) => !x.startsWith('#') && /\bforgectl\b/.test(x))) {
        const r = resolveExample(root, e);
        expect(r.problem, e).toBeUndefined();
      }
      const own = c.examples.filter((x) => !x.startsWith('#')).map((e) => resolveExample(root, e).command);
      expect(own.some((n) => n === c), `${c.path.join(' ')}: no example runs this command`).toBe(true);
    }
  });

  it('lists allowed values and defaults in --help (the global ones in forgectl --help)', async () => {
    const res = await forgectl(['token', 'list', '--help']);
    const flat = res.stdout.replace(/\s+/g, ' ');
    expect(flat).toMatch(/--state <state> active or inactive \(choices: "active", "inactive"\)/);
    expect(res.stdout).toContain('Examples:');
    expect(res.stdout).toContain('$ forgectl token list --state active');
    const root = (await forgectl(['--help'])).stdout.replace(/\s+/g, ' ');
    expect(root).toMatch(/-o, --output <format> output format \(env FORGECTL_OUTPUT\) \(default: "table"\) \(choices: "table", "json", "yaml", "ndjson", "csv", "markdown"\)/);
  });

  it('names the units on every <duration> option, as the README promises for each of them', () => {
    const durations = leaves.flatMap((c) => c.options.filter((o) => /<duration>/.test(o.flags)).map((o) => ({ c, o })));
    expect(durations.length).toBeGreaterThan(5);
    for (const { c, o } of durations) {
      expect(o.description, `${c.path.join(' ')} ${o.long}`).toContain('a number and a unit: s, min, h, d, w or mo');
    }
  });

  it('every command page, groups included, ends with examples of that command', async () => {
    for (const c of allCommands(root).filter((n) => n.path.length && n.name !== 'help')) {
      const res = await runCli([...c.path, '--help']);
      expect(res.exitCode, c.path.join(' ')).toBe(0);
      expect(res.stdout, c.path.join(' ')).toMatch(new RegExp(`\\nExamples:\\n(  .*\\n)*  \\$ .*\\bforgectl ${c.path.join(' ')}\\b`));
    }
  });
});

describe('help laid out like gh’s', () => {
  it('`forgectl` alone prints the help on stdout and exits 0, as does a group alone', async () => {
    for (const argv of [[], ['token'], ['mr', 'train']]) {
      const res = await forgectl(argv);
      expect(res.exitCode, argv.join(' ')).toBe(0);
      expect(res.stderr, argv.join(' ')).toBe('');
      // The root groups its commands under headings, administrators' first; a group lists them as Commands.
      expect(res.stdout, argv.join(' ')).toMatch(/^Usage: forgectl .*<command> \[options\]\n[\s\S]*\n(Commands|Administer the instance):\n/);
    }
  });

  it('lists commands before options, on the root and on a group', async () => {
    for (const [argv, heading] of [[['--help'], 'Set-up and tools'], [['token', '--help'], 'Commands']] as const) {
      const out = (await forgectl([...argv])).stdout;
      expect(out.indexOf(`\n${heading}:\n`), argv.join(' ')).toBeGreaterThan(0);
      expect(out.indexOf(`\n${heading}:\n`), argv.join(' ')).toBeLessThan(out.indexOf('\nOptions:\n'));
    }
  });

  it('shows the global options on a command page as one inherited block, shorter than their list, without their descriptions', async () => {
    const out = (await forgectl(['token', 'list', '--help'])).stdout;
    const block = /\nInherited options \(described in `forgectl --help`\):\n((?:  .*\n)+)/.exec(out)?.[1] ?? '';
    const globals = globalOptions();
    // Those a list that writes nothing honours (test/e2e/global-scope.test.ts has the others).
    for (const o of globals.filter((g) => g.long !== '--dry-run' && g.long !== '--yes')) expect(block, o.long).toContain(o.long);
    expect(block.trimEnd().split('\n').length).toBeLessThan(globals.length / 3);
    expect(out).not.toContain('Global options:');
    expect(out).not.toContain('credential profile to use');
  });

  it('wraps commands and options at 80 columns where the terms are wide (examples stay whole lines to copy)', async () => {
    for (const args of [['discussion', '--help'], ['projects', 'list', '--help'], ['token', 'list', '--help']]) {
      const res = await forgectl(args);
      const beforeExamples = res.stdout.split('\nExamples:')[0];
      const long = beforeExamples.split('\n').filter((l) => l.length > 80);
      expect(long, args.join(' ')).toEqual([]);
    }
  });

  it('shows a switch with a --no- form once, as --[no-]flag; a --no- flag alone stays as it is', async () => {
    const out = (await forgectl(['hooks', 'create', '--help'])).stdout;
    expect(out.match(/--\[no-\]push-events/g)).toHaveLength(1);
    expect(out).not.toMatch(/--no-push-events|  --push-events/);
    expect(out.match(/--\[no-\]ssl-verification/g)).toHaveLength(1);
    expect((await forgectl(['profile', 'add', '--help'])).stdout).toMatch(/  --no-verify /);
    const man = generatedMan('forgectl-hooks.1');
    expect(man.match(/\\-\\-\[no\\-\]push\\-events/g)).toHaveLength(1);
    expect(man).not.toContain('\\-\\-no\\-push\\-events');
  });
});

describe('forgectl help', () => {
  it('shows the help of a nested command', async () => {
    const res = await forgectl(['help', 'token', 'rotate']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/^Usage: forgectl token rotate/);
    expect(res.stdout).toContain('--expires-at');
  });

  it('suggests the nearest command for a typo (exit 2)', async () => {
    const res = await forgectl(['help', 'tokn']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/did you mean forgectl token\?/);
    const sub = await forgectl(['token', 'rotat', 'self']);
    expect(sub.exitCode).toBe(2);
    expect(sub.stderr).toMatch(/Did you mean rotate\?/);
  });
});
