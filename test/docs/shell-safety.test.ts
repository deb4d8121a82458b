// Examples are copied into interactive shells: an unquoted `acme/platform/api!1` runs history entry 1
// in bash and zsh, `acme&1` starts `acme` in the background, `'…$7'` unquoted expands a positional
// parameter. Every README command line and every command's help (examples, descriptions, option
// texts) must quote such references, and show the `PROJECT IID` form beside them.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree, type CommandNode } from '../../src/docs/tree.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/**
 * The characters of a shell line that an interactive bash or zsh would act on where the author
 * meant plain text: `!` followed by a word outside single quotes (history expansion, also inside
 * double quotes), `$` and a digit outside single quotes, `&` glued between two words outside quotes.
 */
function unsafeSpots(line: string): string[] {
  const found: string[] = [];
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    const prev = line[i - 1] ?? ' ';
    const next = line[i + 1] ?? '';
    if (quote === "'") {
      if (ch === "'") quote = '';
      continue;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (quote === '"' && ch === '"') {
      quote = '';
      continue;
    }
    if (!quote && (ch === "'" || ch === '"')) {
      quote = ch;
      continue;
    }
    if (!quote && ch === '#' && /\s/.test(prev)) break; // a comment
    const at = line.slice(Math.max(0, i - 12), i + 4);
    if (ch === '!' && next && !/[\s=("]/.test(next)) found.push(`! in …${at}…`);
    if (ch === '$' && /\d/.test(next)) found.push(`$ in …${at}…`);
    if (!quote && ch === '&' && /\w/.test(next) && !/[\s&<>|]/.test(prev)) found.push(`& in …${at}…`);
  }
  return found;
}

/** Prose naming a reference (`group/project!12`, `(12 or !12)`): every such word must be in single quotes. */
function unquotedReferences(text: string): string[] {
  return [...text.matchAll(/(?<!')[\w./-]*[!$&]\d+\b(?!')/g)].map((m) => m[0]);
}

function readmeShellLines(): string[] {
  return [...README.matchAll(/^```(?:sh|bash|shell)[^\n]*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1].split('\n').filter((l) => l.trim()));
}

function readmeProse(): string {
  return README.replace(/^```[\s\S]*?^```$/gm, '');
}

function allCommands(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(allCommands)];
}

describe('references are quoted for interactive shells', () => {
  it('the scanner finds what an interactive shell would expand, and passes quoted forms', () => {
    expect(unsafeSpots('forgectl mr view acme/platform/api!1')).toHaveLength(1);
    expect(unsafeSpots('echo "Fixed by !12" | forgectl discussion create x#1 --body -')).toHaveLength(1);
    expect(unsafeSpots('forgectl epic get acme&1')).toHaveLength(1);
    expect(unsafeSpots('forgectl discussion list "acme/platform/gateway$7"')).toHaveLength(1);
    expect(unsafeSpots("forgectl mr view 'acme/platform/api!1'   # or: forgectl mr view acme/platform/api!1")).toEqual([]);
    expect(unsafeSpots("forgectl epic get 'acme&1' && forgectl sandbox --port 0 & echo \"$ALERT_URL\" 2>&1")).toEqual([]);
    expect(unquotedReferences("named `group/project!12`, or (12 or !12), 'group&5' and `'group/project$7'`")).toEqual(['group/project!12', '!12']);
  });

  it('in every command line of the README', () => {
    const lines = readmeShellLines();
    expect(lines.length).toBeGreaterThan(50);
    const bad = lines.flatMap((l) => unsafeSpots(l).map((s) => `${l}\n    ${s}`));
    expect(bad).toEqual([]);
  });

  it('in the README prose and inline code', () => {
    expect(unquotedReferences(readmeProse())).toEqual([]);
  });

  it('in every command’s help: examples, summary, description and option texts', () => {
    const bad: string[] = [];
    for (const c of allCommands(commandTree(docsProgram()))) {
      const name = `forgectl ${c.path.join(' ')}`;
      for (const e of c.examples) {
        if (e.startsWith('#')) bad.push(...unquotedReferences(e).map((r) => `${name}: comment "${e}": ${r}`));
        else bad.push(...unsafeSpots(e).map((s) => `${name}: example "${e}": ${s}`));
      }
      for (const text of [c.summary, c.description, ...c.options.map((o) => o.description)]) {
        bad.push(...unquotedReferences(text ?? '').map((r) => `${name}: "${r}" in its help text`));
      }
    }
    expect(bad).toEqual([]);
  });

  it('shows the PROJECT IID form beside a quoted merge request reference', () => {
    // A group's examples are one of each command's; each command shows both forms in its own.
    const commands = allCommands(commandTree(docsProgram())).filter((n) => !n.children.length);
    for (const c of commands.filter((n) => n.examples.some((e) => /'[\w./-]+!\d+'/.test(e)))) {
      expect(c.examples.some((e) => /forgectl( [a-z-]+)+ [\w./-]+ \d+(\s|$)/.test(e)), `forgectl ${c.path.join(' ')} has no PROJECT IID example`).toBe(true);
    }
    expect(README).toMatch(/forgectl mr view acme\/platform\/api 1\b/);
  });
});
