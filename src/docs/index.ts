// Everything generated from the command tree, by path relative to the repository root. The program
// is passed in: `forgectl completion` hands over the one it runs, scripts/gen-docs.mjs builds one.

import type { Command } from 'commander';
import { VERSION } from '../context.js';
import { bashCompletion } from './completion-bash.js';
import { completionData } from './completion-data.js';
import { fishCompletion } from './completion-fish.js';
import { zshCompletion } from './completion-zsh.js';
import { manPages } from './man.js';
import { stateFilePage } from './state-file-page.js';
import { commandTree } from './tree.js';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'completions/forgectl.bash',
  zsh: 'completions/_forgectl',
  fish: 'completions/forgectl.fish',
};

export function isShell(s: string): s is Shell {
  return (SHELLS as readonly string[]).includes(s);
}

export function completionScript(shell: Shell, program: Command): string {
  const tree = commandTree(program);
  const data = completionData(tree);
  return shell === 'bash' ? bashCompletion(tree, data) : shell === 'zsh' ? zshCompletion(tree, data) : fishCompletion(tree, data);
}

export function generatedFiles(program: Command): Map<string, string> {
  const files = new Map<string, string>();
  for (const shell of SHELLS) files.set(COMPLETION_FILES[shell], completionScript(shell, program));
  for (const [name, text] of manPages(commandTree(program), VERSION)) files.set(`man/${name}`, text);
  files.set('man/forgectl-state.5', stateFilePage(VERSION));
  return files;
}
