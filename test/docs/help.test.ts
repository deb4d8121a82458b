// Every command's help: a summary, at least one example that really parses as that command, and
// `forgectl help COMMAND` / suggestions for unknown words.

import { describe, expect, it } from 'vitest';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree, leafCommands, type CommandNode } from '../../src/docs/tree.js';
import { forgectl } from '../helpers/cli.js';

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

  it('lists allowed values and defaults in --help', async () => {
    const res = await forgectl(['token', 'list', '--help']);
    const flat = res.stdout.replace(/\s+/g, ' ');
    expect(flat).toMatch(/--state <state> active or inactive \(choices: "active", "inactive"\)/);
    expect(flat).toMatch(/-o, --output <format> output format \(env FORGECTL_OUTPUT\) \(default: "table"\) \(choices: "table", "json", "yaml", "ndjson"\)/);
    expect(res.stdout).toContain('Examples:');
    expect(res.stdout).toContain('$ forgectl token list --state active');
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
