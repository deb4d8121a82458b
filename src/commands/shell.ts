// `forgectl completion SHELL`, `forgectl man [COMMAND...]` and `forgectl help [COMMAND...]`. The scripts
// and pages are generated from the command tree at run time, so a copy of the bundle with no files
// next to it (the single executable) prints the same text as completions/ and man/ hold.

import type { Command } from 'commander';
import { defineCommand, type Registry } from '../core/command.js';
import { UsageError } from '../core/errors.js';
import { nearest } from '../core/nearest.js';
import { none, text } from '../core/output.js';

export function registerShell(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'completion <shell>',
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
    summary: 'Show the manual page of forgectl or of a command group',
    description:
      'With no command, the page forgectl(1); with one, the page of its group (`forgectl man projects list` shows ' +
      'forgectl-projects(1)). On a terminal the page opens in man(1), in your pager, when man is installed; ' +
      'otherwise the roff source is printed, for `man -l` or to install. The pages are also in the man/ directory ' +
      'of the package.',
    examples: ['forgectl man projects', 'forgectl man', 'forgectl man token > ~/.local/share/man/man1/forgectl-token.1'],
    run: async (ctx, _o, words) => (await import('./man-run.js')).manCommand(ctx, program, words),
  });

  defineCommand(program, reg, {
    name: 'help [command...]',
    summary: 'Show the help of a command',
    examples: ['forgectl help token rotate', 'forgectl help'],
    run: async (_ctx, _o, words) => {
      let cmd = program;
      for (const w of words) {
        const next = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
        if (!next) {
          // A command with no subcommands: "commands: " with nothing after it would say nothing.
          if (!cmd.commands.length) throw new UsageError(`"${commandPath(cmd).join(' ')}" has no subcommands: try forgectl help ${commandPath(cmd).slice(1).join(' ')}`);
          const known = cmd.commands.map((c) => c.name());
          const near = nearest(w, known);
          throw new UsageError(`unknown command "${[...commandPath(cmd), w].join(' ')}"`, near ? `did you mean ${[...commandPath(cmd), near].join(' ')}?` : `commands: ${known.join(', ')}`);
        }
        cmd = next;
      }
      cmd.outputHelp();
      return none;
    },
  });
}

function commandPath(cmd: Command): string[] {
  const out: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) out.unshift(c.name());
  return ['forgectl', ...out];
}
