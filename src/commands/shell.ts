// `forgectl completion SHELL`, `forgectl man [COMMAND...]` and `forgectl help [COMMAND...]`. The scripts
// and pages are generated from the command tree at run time, so a copy of the bundle with no files
// next to it (the single executable) prints the same text as completions/ and man/ hold.

import type { Command } from 'commander';
import { defineCommand, type Registry } from '../core/command.js';
import { UsageError } from '../core/errors.js';
import { none, text } from '../core/output.js';

export function registerShell(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'completion <shell>',
    scope: 'local',
    globals: { output: false },
    summary: 'Print the tab-completion script for bash, zsh or fish',
    description:
      'Completes commands, flags, flag values (formats, states, levels, …) and profile names. The scripts are ' +
      'also in the completions/ directory of the package.',
    examples: [
      '# bash: load now and in every new shell',
      'source <(forgectl completion bash); forgectl completion bash > ~/.local/share/bash-completion/completions/forgectl',
      '# zsh: a directory of $fpath',
      'forgectl completion zsh > "${fpath[1]}/_forgectl"',
      'forgectl completion fish > ~/.config/fish/completions/forgectl.fish',
    ],
    run: async (_ctx, _o, args) => {
      const { SHELLS, completionScript, isShell } = await import('../docs/index.js');
      const shell = args[0];
      if (!isShell(shell)) throw new UsageError(`unknown shell "${shell}"`, `use one of ${SHELLS.join(', ')}`);
      return text(completionScript(shell, program));
    },
  });

  defineCommand(program, reg, {
    name: 'man [command...]',
    scope: 'local',
    globals: { output: false },
    summary: 'Show the manual page of forgectl or of a command group',
    description:
      'With no command, the page forgectl(1); with one, the page of its group (`forgectl man projects list` shows ' +
      'forgectl-projects(1)); `forgectl man 5 state` shows forgectl-state(5), the state file. On a terminal the page opens in man(1), in your pager, when man is installed; ' +
      'otherwise the roff source is printed, for `man -l` or to install. The pages are also in the man/ directory ' +
      'of the package.',
    examples: ['forgectl man projects', 'forgectl man', 'forgectl man 5 state', 'forgectl man token > ~/.local/share/man/man1/forgectl-token.1'],
    run: async (ctx, _o, words) => (await import('./man-run.js')).manCommand(ctx, program, words),
  });

  defineCommand(program, reg, {
    name: 'help [command...]',
    scope: 'local',
    // -o is not refused here: `forgectl -o json help` is the root's options, then the root's help.
    summary: 'Show the help of a command',
    examples: ['forgectl help token rotate', 'forgectl help'],
    run: async (_ctx, _o, words) => {
      const { commandsAt } = await import('./words.js');
      const cmd = commandsAt(program, words).at(-1) ?? program;
      cmd.outputHelp();
      return none;
    },
  });
}
