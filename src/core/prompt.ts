// Prompts. The real prompter loads @inquirer/prompts only when a question is asked and draws on
// stderr, so stdout stays clean for data. Without a terminal every question is a usage error
// (exit 2): a script must never hang on a prompt.

import type { Readable, Writable } from 'node:stream';
import { CancelledError, UsageError } from './errors.js';
import { oneLineShown } from './safe-text.js';

export interface Choice<T extends string = string> {
  name: string;
  value: T;
  description?: string;
}

/** May ask an instance (the wizard checks paths as they are typed), so it may be async. */
export type Validator = (value: string) => true | string | Promise<true | string>;

/** Choices for what has been typed so far (`undefined` before any key). */
export type SearchSource<T extends string = string> = (term: string | undefined, signal: AbortSignal) => Promise<Choice<T>[]>;

export interface Prompter {
  readonly interactive: boolean;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  input(message: string, opts?: { default?: string; validate?: Validator }): Promise<string>;
  password(message: string, opts?: { validate?: Validator }): Promise<string>;
  select<T extends string>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T>;
  /** A list that follows what is typed; Enter takes the highlighted choice if `validate` accepts it. */
  search<T extends string>(message: string, source: SearchSource<T>, opts?: { validate?: (value: T) => true | string | Promise<true | string> }): Promise<T>;
}

function notInteractive(message: string): never {
  throw new UsageError(`cannot ask "${message.replace(/[?:]\s*$/, '')}" without a terminal`, 'give the value with a flag (see --help), or --yes for confirmations');
}

// Choices and refusals often hold server text (group paths, titles, error messages of another
// instance): its control characters are shown, never obeyed, like every other line on the terminal.
const safeChoice = <T extends string>(c: Choice<T>): Choice<T> => ({ ...c, name: oneLineShown(c.name), description: c.description === undefined ? undefined : oneLineShown(c.description) });
function safeValidate<V>(validate: ((value: V) => true | string | Promise<true | string>) | undefined) {
  if (!validate) return undefined;
  return async (value: V) => {
    const r = await validate(value);
    return r === true ? r : oneLineShown(r);
  };
}

function isPromptExit(err: unknown): boolean {
  return !!err && typeof err === 'object' && ((err as Error).name === 'ExitPromptError' || (err as Error).name === 'AbortPromptError');
}

export class TerminalPrompter implements Prompter {
  constructor(
    private readonly input_: Readable,
    private readonly output: Writable,
    readonly interactive: boolean,
  ) {}

  private async ask<T>(message: string, fn: (p: typeof import('@inquirer/prompts'), ctx: object) => Promise<T>): Promise<T> {
    if (!this.interactive) notInteractive(message);
    const prompts = await import('@inquirer/prompts');
    try {
      return await fn(prompts, { input: this.input_, output: this.output, clearPromptOnDone: false });
    } catch (err) {
      if (isPromptExit(err)) throw new CancelledError('cancelled at the prompt');
      throw err;
    }
  }

  confirm(message: string, defaultValue = false): Promise<boolean> {
    // A fleet asks once for every instance, a line each: the lines stay, each shown safely.
    return this.ask(message, (p, ctx) => p.confirm({ message: message.split('\n').map(oneLineShown).join('\n'), default: defaultValue }, ctx));
  }

  input(message: string, opts: { default?: string; validate?: Validator } = {}): Promise<string> {
    return this.ask(message, (p, ctx) => p.input({ message: oneLineShown(message), default: opts.default, validate: safeValidate(opts.validate) }, ctx));
  }

  password(message: string, opts: { validate?: Validator } = {}): Promise<string> {
    return this.ask(message, (p, ctx) => p.password({ message: oneLineShown(message), mask: false, validate: safeValidate(opts.validate) }, ctx));
  }

  select<T extends string>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T> {
    return this.ask(message, (p, ctx) => p.select<T>({ message: oneLineShown(message), choices: choices.map(safeChoice), default: defaultValue }, ctx));
  }

  search<T extends string>(message: string, source: SearchSource<T>, opts: { validate?: (value: T) => true | string | Promise<true | string> } = {}): Promise<T> {
    return this.ask(message, (p, ctx) => p.search<T>({ message: oneLineShown(message), source: async (term, { signal }) => (await source(term, signal)).map(safeChoice), validate: safeValidate(opts.validate), pageSize: 10 }, ctx));
  }
}
