// "Did you mean" for a mistyped option, among every option the command takes: its own and the global
// ones it honours. Commander looks only at the command's own (the root's are past positional options).

import { Command } from 'commander';
import { nearest } from './nearest.js';

export class SuggestingCommand extends Command {
  override createCommand(name?: string): Command {
    return new SuggestingCommand(name);
  }

  /** Replaces commander's (same message), which it calls for the first unknown option of a command line. */
  unknownOption(flag: string): void {
    if (Reflect.get(this, '_allowUnknownOption') === true) return;
    // Global options the command does not honour are hidden from its help: not suggested either.
    const longs = this.options.filter((o) => !o.hidden && o.long).map((o) => o.long!);
    const near = flag.startsWith('--') ? nearest(flag.split('=')[0], longs) : undefined;
    this.error(`error: unknown option '${flag}'${near ? `\n(Did you mean ${near}?)` : ''}`, { code: 'commander.unknownOption' });
  }
}
