// The one object a write names by what is the same on every instance (a broadcast's text, a hook's
// URL), where an id would be another object on each: exactly one match, else this instance fails,
// saying what it found. Over a fleet each instance looks for its own.

import { CommandFailedError, ExitCode, UsageError } from '../core/errors.js';

/** What the command line names: an id, or the natural key (`--message TEXT`), never both. */
export function idOrKey(command: string, id: string | undefined, key: string | undefined, flag: string): void {
  if (id !== undefined && key !== undefined) throw new UsageError(`${command}: give an id or ${flag}, not both`);
  if (id === undefined && key === undefined) throw new UsageError(`${command} needs an id or ${flag}`, `over several instances name it by ${flag}: ids differ per instance`);
}

/** How the match is told: the kind (`broadcast message`), the key as read (`with the text "Deploy"`), the commands to name. */
export interface MatchWords {
  what: string;
  by: string;
  /** Lists them: `forgectl broadcast list`. */
  list: string;
  /** Acts on one by id: `forgectl -p NAME broadcast delete ID`. */
  byId: string;
}

/** The single item of `items` that `matches`: none is exit 3, several exit 1 naming their ids. */
export async function onlyMatch<T extends { id: number }>(items: AsyncIterable<T>, matches: (item: T) => boolean, words: MatchWords): Promise<T> {
  const found: T[] = [];
  for await (const item of items) if (matches(item)) found.push(item);
  if (found.length === 1) return found[0];
  if (!found.length) throw new CommandFailedError(`no ${words.what} ${words.by}`, `\`${words.list}\` shows them`, ExitCode.notFound);
  throw new CommandFailedError(
    `${found.length} ${words.what}s ${words.by} (ids ${found.map((f) => f.id).join(', ')}): cannot tell which`,
    `name one by its id, on its instance alone: ${words.byId}`,
  );
}
