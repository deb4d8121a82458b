// What a person at a terminal sees while long work runs: a spinner on stderr with the items and
// pages read while a table is gathered (it prints only once the last page is in), a note while a
// request waits to be retried, a spinner while a URL is probed. Drawn only when stderr is a
// terminal: a pipe or a log file never gets spinner frames.

import type { Writable } from 'node:stream';
import { oneLineShown } from './safe-text.js';

type Ora = import('ora').Ora;

const GATHERING_DELAY_MS = 200;

export interface RetryNotice {
  method: string;
  /** The answer's status, or the network error's code. */
  cause: string;
  delayMs: number;
  attempt: number;
  retries: number;
}

export class Progress {
  private spinner?: Ora;
  private starting?: Promise<Ora | undefined>;
  private items = 0;
  private pages = 0;
  private totalPages?: number;
  private note = '';
  private label = '';
  private runs = 0;

  constructor(
    private readonly stderr: Writable,
    /** stderr is a terminal (and no --verbose trace shares it). */
    private readonly enabled: boolean,
  ) {}

  /** A terminal table is being gathered. */
  gathering(): { item(): void; done(): void } | undefined {
    if (!this.enabled) return undefined;
    this.label = 'reading';
    // A list read in a moment never flashes a spinner.
    void this.start(GATHERING_DELAY_MS);
    return {
      item: () => {
        this.items++;
        // The spinner redraws on its own timer; the text need not change for every item.
        if (this.items % 20 === 0) this.refresh();
      },
      done: () => this.stop(),
    };
  }

  /** A page of a list arrived. */
  page(info: { totalPages?: number }): void {
    this.pages++;
    if (info.totalPages !== undefined) this.totalPages = info.totalPages;
    this.note = '';
    this.refresh();
  }

  /** A request waits before being sent again: said in the spinner, else on a line of its own. */
  retrying(r: RetryNotice): void {
    if (!this.enabled) return;
    this.note = `retrying ${r.method} after ${r.cause} in ${(r.delayMs / 1000).toFixed(1)}s (retry ${r.attempt} of ${r.retries})`;
    if (this.spinner || this.starting) this.refresh();
    else this.stderr.write(`${oneLineShown(this.note)}…\n`);
  }

  /** Runs `work` under a spinner saying `what` (nothing drawn when stderr is not a terminal). */
  async while<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (!this.enabled) return work();
    this.label = what;
    void this.start();
    try {
      return await work();
    } finally {
      this.stop();
    }
  }

  private text(): string {
    const read = this.label === 'reading' ? ` ${this.items} item${this.items === 1 ? '' : 's'}, ${this.pages}${this.totalPages ? ` of ${this.totalPages}` : ''} page${this.pages === 1 && !this.totalPages ? '' : 's'}` : '';
    const head = `${this.label}…${read}`;
    return this.note ? `${head}\n  ${oneLineShown(this.note)}` : head;
  }

  private async start(delayMs = 0): Promise<Ora | undefined> {
    if (this.starting) return this.starting;
    const run = ++this.runs;
    this.starting = (async () => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs).unref());
      const ora = (await import('ora')).default;
      // Stopped (or started again) before ora was loaded: this run draws nothing.
      if (this.runs !== run || !this.starting) return undefined;
      this.spinner = ora({ stream: this.stderr, isEnabled: true, discardStdin: false, text: this.text() }).start();
      return this.spinner;
    })();
    return this.starting;
  }

  private refresh(): void {
    if (this.spinner) this.spinner.text = this.text();
  }

  private stop(): void {
    this.starting = undefined;
    this.spinner?.stop();
    this.spinner = undefined;
    this.items = 0;
    this.pages = 0;
    this.totalPages = undefined;
    this.note = '';
  }
}
