// Problems of an input file, gathered so that one run names every one (up to a bound) with its
// place: `instance.yaml:12:5: settings.max_attachment_size must be an integer`.

import { UsageError } from './errors.js';

/** Where a value stands in a file; line and column count from 1. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

export interface FileProblem {
  place?: Place;
  /** The value's path in the document (`system_hooks[0].url`); empty for the document itself. */
  path: string;
  /** What is wrong, naming the path: `settings.max_attachment_size must be an integer, got "big"`. */
  text: string;
  hint?: string;
}

/** More than this many are not listed: the first ones are what a person fixes first. */
const MAX_PROBLEMS = 50;

function placeText(p: Place): string {
  return `${p.file}:${p.line}:${p.column}`;
}

function problemText(p: FileProblem): string {
  return p.place ? `${placeText(p.place)}: ${p.text}` : p.text;
}

export class FileProblems {
  readonly items: FileProblem[] = [];

  constructor(
    /** The file (or files) as messages name it; known once they are read. */
    public where: string,
    /** What to do about problems in general, when there is no hint of their own. */
    readonly hint?: string,
  ) {}

  add(problem: FileProblem): void {
    this.items.push(problem);
  }

  /** An error thrown where this list is not at hand (a UsageError) becomes one of its problems. */
  addError(err: unknown, place: Place | undefined, path: string): void {
    if (!(err instanceof UsageError)) throw err;
    this.add({ place, path, text: err.message, hint: err.hint });
  }

  get count(): number {
    return this.items.length;
  }

  /** One UsageError (exit 2) listing them all in the order of their files, or nothing. */
  throwIfAny(): void {
    if (!this.items.length) return;
    const files = [...new Set(this.items.map((p) => p.place?.file))];
    const order = (p: FileProblem) => [files.indexOf(p.place?.file), p.place?.line ?? 0, p.place?.column ?? 0];
    this.items.sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    if (this.items.length === 1) {
      const [only] = this.items;
      throw new UsageError(problemText(only!), only!.hint ?? this.hint);
    }
    // The first ones in the file are listed: what a person fixes first.
    const listed = this.items.slice(0, MAX_PROBLEMS);
    const lines = listed.map((p) => `  ${problemText(p)}`);
    if (this.items.length > listed.length) lines.push(`  … and ${this.items.length - listed.length} more`);
    // Each different hint once, in the order of the problems.
    const hints = [...new Set(listed.map((p) => p.hint ?? this.hint).filter((h) => h !== undefined))];
    throw new UsageError(`${this.where} has ${this.count} problems:\n${lines.join('\n')}`, hints.join('; ') || undefined);
  }
}
