// The command a list of words names (`help token rotate`, `man projects list`): one walk, one message
// for a word that names none, for every command that takes command names.

import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { nearest } from '../core/nearest.js';

/**
 * The commands `words` walk through under `program`, outermost first. A word that names no command is
 * a usage error of one line with the nearest name; `hidden` top-level names are not offered.
 */
export function commandsAt(program: Command, words: string[], hidden: readonly string[] = []): Command[] {
  const chain: Command[] = [];
  for (const w of words) {
    const parent = chain.at(-1) ?? program;
    const where = ['forgectl', ...chain.map((c) => c.name())];
    const candidates = parent.commands.filter((c) => parent !== program || !hidden.includes(c.name()));
    const next = candidates.find((c) => c.name() === w || c.aliases().includes(w));
    if (!next) {
      // A command with no subcommands: listing "(commands: )" would say nothing.
      if (!candidates.length) throw new UsageError(`"${where.join(' ')}" has no subcommands`);
      const names = candidates.map((c) => c.name());
      const near = nearest(w, names);
      throw new UsageError(near ? `unknown command "${[...where, w].join(' ')}": did you mean ${[...where, near].join(' ')}?` : `unknown command "${[...where, w].join(' ')}" (commands: ${names.join(', ')})`);
    }
    chain.push(next);
  }
  return chain;
}
