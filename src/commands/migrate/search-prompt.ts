// A search prompt that never takes a stale choice. @inquirer/prompts' search takes the highlighted
// choice on Enter even while the list for the latest text is still loading, so a path pasted with its
// newline would pick the first entry of the previous list. Here Enter is judged against the list for
// the latest text: a stale pick is replaced by that list's first choice, checked the same way, and
// the question is asked again when it does not pass.

import type { Context } from '../../context.js';
import type { Choice } from '../../core/prompt.js';

export type Check<T> = (value: T) => Promise<true | string>;

export async function searchChecked<T extends string>(ctx: Context, message: string, source: (term: string | undefined) => Promise<Choice<T>[]>, check: Check<T>): Promise<T> {
  for (;;) {
    let latest: { term: string | undefined; choices: Promise<Choice<T>[]> } | undefined;
    let late: { value: T | null } | undefined;
    const tracked = (term: string | undefined) => {
      const choices = source(term);
      latest = { term, choices: choices.catch(() => []) };
      return choices;
    };
    const picked = await ctx.prompt.search<T>(message, tracked, {
      validate: async (value) => {
        const fresh = latest ? await latest.choices : [];
        if (fresh.some((c) => c.value === value)) return check(value);
        late = { value: fresh[0]?.value ?? null };
        return true;
      },
    });
    if (!late) return picked;
    const term = latest?.term?.trim() ?? '';
    if (late.value === null) {
      ctx.warn(`nothing matches "${term}"; asking again`);
      continue;
    }
    const ok = await check(late.value);
    if (ok === true) {
      ctx.notice(`Enter came before the list for "${term}" had loaded: took its first match.`);
      return late.value;
    }
    ctx.warn(`${ok}; asking again`);
  }
}
