// What a newcomer reads first must hold: the Node.js range is the one package.json enforces, there is
// one way to install, the quick start (not run by readme.test.ts: it logs in interactively to a real
// instance) names only commands and options that exist, and the guides come before the reference.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree, type CommandNode } from '../../src/docs/tree.js';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const ENGINES: string = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).engines.node;

function section(heading: string): string {
  return new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(README)?.[1] ?? '';
}

/** The command a line names, or why it names none: the longest path of words found in the tree. */
function commandOf(root: CommandNode, words: string[]): CommandNode | undefined {
  let node = root;
  for (const w of words) {
    const child = node.children.find((c) => c.name === w || c.aliases.includes(w));
    if (!child) break;
    node = child;
  }
  return node === root ? undefined : node;
}

describe('README for a newcomer', () => {
  it('asks for the Node.js version package.json enforces, and installs from a clone with npm install -g .', () => {
    expect(ENGINES).toMatch(/^>=\d+\.\d+\.\d+$/);
    const version = ENGINES.slice(2);
    expect(section('Install')).toContain(`Node.js ${version} or later`);
    expect(section('Install')).toContain(`\`${ENGINES}\``);
    expect(section('Quick start')).toContain(`Node.js ${version} or later`);
    expect(README).not.toMatch(/Node(\.js)? \d+ or later/);
    expect(README).toContain('npm install -g .');
    expect(README).not.toContain('npm link');
  });

  it('starts with a quick start that logs in to an instance and uses only commands and options that exist', () => {
    const quick = section('Quick start');
    expect(quick).toContain('forgectl profile login');
    expect(quick).toContain('forgectl token self');
    expect(quick).toContain('](#the-sandbox)');
    const root = commandTree(docsProgram());
    const globals = root.options.map((o) => o.long);
    const lines = [...quick.matchAll(/^forgectl (.*?)\s*(?:#.*)?$/gm)].map((m) => m[1].split(/\s+/));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const words of lines) {
      if (words[0] === 'help') continue;
      const command = commandOf(root, words);
      expect(command, `forgectl ${words.join(' ')}`).toBeDefined();
      expect(command!.children, `forgectl ${words.join(' ')} names a group, not a command`).toEqual([]);
      const known = [...globals, ...command!.options.map((o) => o.long)];
      for (const flag of words.filter((w) => w.startsWith('--'))) expect(known, `forgectl ${words.join(' ')}`).toContain(flag);
    }
  });

  it('puts the task sections before the reference', () => {
    const at = (heading: string) => {
      const i = README.search(new RegExp(`^## ${heading}$`, 'm'));
      expect(i, heading).toBeGreaterThan(-1);
      return i;
    };
    const lastTask = Math.max(...['Quick start', 'Install', 'Connect to an instance', 'Commands', 'Scripting and CI'].map(at));
    const firstReference = Math.min(
      ...['Global options', 'Exit codes', 'When something fails', 'Security', 'Configuration reference', 'The sandbox', 'Performance'].map(at),
    );
    expect(at('Quick start')).toBeLessThan(at('Install'));
    expect(lastTask).toBeLessThan(firstReference);
  });
});
