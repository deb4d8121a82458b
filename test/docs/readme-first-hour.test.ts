// The README's first screens name what forgectl is for (issue 37.1): the opening paragraph, the
// Contents line and the Commands table name `state`, and the sandbox section names every option
// `forgectl sandbox --help` lists.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree } from '../../src/docs/tree.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

function section(heading: string): string {
  return new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(README)?.[1] ?? '';
}

describe('README first screens', () => {
  const root = commandTree(docsProgram());

  it('names state in the opening paragraph and the Contents line', () => {
    const opening = README.split('\n## ')[0];
    expect(opening).toMatch(/`forgectl state`/);
    const contents = /\*\*Contents\.\*\*[\s\S]*?\n\n/.exec(README)?.[0] ?? '';
    expect(contents).toContain('[Instance as code](#instance-as-code)');
  });

  it('has a row in the Commands table for every command group, state included', () => {
    const table = section('Commands');
    // The commands each row's first cell names (`completion …`, `man …`, `help …` share one).
    const rows = [...table.matchAll(/^\| (.*?) \| /gm)].flatMap((m) => [...m[1].matchAll(/`([a-z-]+)/g)].map((w) => w[1]));
    for (const group of root.children.map((c) => c.name)) expect(rows, group).toContain(group);
    expect(table).toMatch(/^\| `state export\\\|plan\\\|apply\\\|show\\\|schema` \|/m);
  });

  it('lists every option of forgectl sandbox in the sandbox section', () => {
    const sandbox = root.children.find((c) => c.name === 'sandbox')!;
    const text = section('The sandbox');
    const options = sandbox.options.filter((o) => !o.global && o.long && o.long !== '--help');
    expect(options.length).toBeGreaterThanOrEqual(6);
    for (const o of options) expect(text, o.long).toContain(`\`${o.long}`);
    expect(text).toContain('random[:N]');
  });
});
