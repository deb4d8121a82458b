// Answers as a person types them: an answer the prompt's validation refuses is recorded with the
// reason and the next answer is tried, as the real prompt keeps asking. An empty input takes the
// default, as @inquirer/prompts does. A search answer is the text typed; Enter takes the first
// choice the source offers for it (the highlighted one), which the prompt then validates.

import type { Choice, Prompter, SearchSource, Validator } from '../../src/core/prompt.js';

export class TypingPrompter implements Prompter {
  readonly interactive = true;
  readonly asked: string[] = [];
  readonly refused: { message: string; answer: string; reason: string }[] = [];
  /** What each search offered for each term, for assertions on the list shown. */
  readonly offered: { message: string; term: string; choices: Choice[] }[] = [];
  constructor(private readonly answers: (string | boolean)[]) {}

  private take(message: string): string | boolean {
    this.asked.push(message);
    if (!this.answers.length) throw new Error(`unexpected prompt: ${message}`);
    return this.answers.shift()!;
  }
  private async typed(message: string, opts: { default?: string; validate?: Validator }): Promise<string> {
    for (;;) {
      const raw = String(this.take(message));
      const value = raw === '' && opts.default !== undefined ? opts.default : raw;
      const ok = opts.validate ? await opts.validate(value) : true;
      if (ok === true) return value;
      this.refused.push({ message, answer: raw, reason: ok });
    }
  }
  async confirm(message: string): Promise<boolean> {
    const a = this.take(message);
    if (typeof a !== 'boolean') throw new Error(`expected a yes/no answer for ${message}, got ${a}`);
    return a;
  }
  async input(message: string, opts: { default?: string; validate?: Validator } = {}): Promise<string> {
    return this.typed(message, opts);
  }
  async password(message: string, opts: { validate?: Validator } = {}): Promise<string> {
    return this.typed(message, opts);
  }
  async select<T extends string>(message: string, choices: Choice<T>[]): Promise<T> {
    const a = String(this.take(message));
    if (!choices.some((c) => c.value === a)) throw new Error(`${a} is not a choice of ${message}`);
    return a as T;
  }
  async search<T extends string>(message: string, source: SearchSource<T>, opts: { validate?: (value: T) => true | string | Promise<true | string> } = {}): Promise<T> {
    for (;;) {
      const term = String(this.take(message));
      const choices = await source(term || undefined, new AbortController().signal);
      this.offered.push({ message, term, choices });
      const first = choices[0];
      if (!first) {
        this.refused.push({ message, answer: term, reason: 'No results found' });
        continue;
      }
      const ok = opts.validate ? await opts.validate(first.value) : true;
      if (ok === true) return first.value;
      this.refused.push({ message, answer: term, reason: ok });
    }
  }
}
