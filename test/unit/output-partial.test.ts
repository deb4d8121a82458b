// A list whose source fails part way (issue 13): what each format leaves on stdout, and the count
// of printed items carried by the error.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CancelledError, ExitCode, ListInterruptedError, PartialListError, exitCodeFor } from '../../src/core/errors.js';
import { list, render, type OutputFormat } from '../../src/core/output.js';

const cause = new Error('GET …?page=3 failed after 4 attempts: the answer stopped part way (ECONNRESET)');

async function* failingAfter(n: number) {
  for (let i = 1; i <= n; i++) yield { id: i };
  throw new PartialListError(cause, 3, '--page 3 --per-page 2');
}

async function run(n: number, format: OutputFormat, tty = false) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.on('data', (c) => (text += c));
  let error: unknown;
  try {
    await render(list(failingAfter(n), [{ key: 'id' }]), { format, stdout, stderr, isTTY: tty, color: false });
  } catch (e) {
    error = e;
  }
  return { text, error: error as PartialListError };
}

describe('a list that stops part way', () => {
  it('json: the items printed, in an array left open, so it never parses', async () => {
    const { text, error } = await run(4, 'json');
    expect(() => JSON.parse(text)).toThrow();
    expect(JSON.parse(`${text}]`)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(error.printed).toBe(4);
    expect(error.message).toBe(`the list stopped at page 3, 4 items printed before it: ${cause.message}`);
    expect(error.hint).toBe('to go on from there, run the same command with --page 3 --per-page 2');
  });

  it('json with nothing yet: nothing at all (never [])', async () => {
    const { text, error } = await run(0, 'json');
    expect(text).toBe('');
    expect(error.message).toContain('nothing printed');
  });

  it('ndjson and piped table: complete lines for the items printed', async () => {
    expect((await run(3, 'ndjson')).text).toBe('{"id":1}\n{"id":2}\n{"id":3}\n');
    expect((await run(3, 'table')).text).toBe('1\n2\n3\n');
  });

  it('table on a terminal: the rows that arrived, then the error', async () => {
    const { text, error } = await run(2, 'table', true);
    expect(text.trim().split('\n')).toEqual(['ID', '1', '2']);
    expect(error.printed).toBe(2);
  });

  it('yaml: the items that came, then a line no YAML reader accepts (a shorter YAML list would parse as the whole one)', async () => {
    const { text, error } = await run(5, 'yaml');
    expect(() => parseYaml(text)).toThrow();
    expect(text.endsWith('\n"the list stopped here: see the error on stderr\n')).toBe(true);
    expect(parseYaml(text.slice(0, text.lastIndexOf('"the list stopped')))).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
    expect(error.message).toContain('5 items printed before it');
  });

  it('the error says the count it was built with; the error of the list source is left as it was', async () => {
    const fromPages = new PartialListError(cause, 3, '--page 3 --per-page 2');
    async function* source() {
      yield { id: 1 };
      yield { id: 2 };
      throw fromPages;
    }
    const stdout = new PassThrough();
    stdout.resume();
    const err = await render(list(source(), []), { format: 'ndjson', stdout, stderr: new PassThrough(), isTTY: false, color: false }).catch((e: any) => e);
    expect(err).toBeInstanceOf(PartialListError);
    expect(err).not.toBe(fromPages);
    expect(err.printed).toBe(2);
    expect(err.message).toBe(`the list stopped at page 3, 2 items printed before it: ${cause.message}`);
    expect(fromPages.printed).toBeUndefined();
    expect(fromPages.message).toBe(`reading the list stopped at page 3: ${cause.message}`);
  });

  it('a failure of a source that is not paged still says how many items were printed', async () => {
    async function* gen() {
      yield { id: 1 };
      throw new Error('boom');
    }
    const stdout = new PassThrough();
    const err = await render(list(gen(), []), { format: 'ndjson', stdout, stderr: new PassThrough(), isTTY: false, color: false }).catch((e: any) => e);
    expect(err).toBeInstanceOf(PartialListError);
    expect(err.message).toBe('the list stopped, 1 item printed before it: boom');
  });
});

describe('a list interrupted (Ctrl-C, SIGTERM) while its pages are read', () => {
  async function interrupted(format: OutputFormat, n: number, stop: Error) {
    async function* source() {
      for (let i = 1; i <= n; i++) yield { id: i };
      throw stop;
    }
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (c) => (text += c));
    const error = await render(list(source(), [{ key: 'id' }]), { format, stdout, stderr: new PassThrough(), isTTY: false, color: false }).catch((e: any) => e);
    return { text, error };
  }

  for (const format of ['json', 'yaml', 'ndjson', 'table'] as const) {
    it(`${format}: says how many items were printed and where to go on, exit 130`, async () => {
      const { error } = await interrupted(format, 4, new ListInterruptedError(3, '--page 3 --per-page 2'));
      expect(error).toBeInstanceOf(PartialListError);
      expect(error.message).toBe('the list stopped at page 3, 4 items printed before it: interrupted');
      expect(error.hint).toBe('to go on from there, run the same command with --page 3 --per-page 2');
      expect(exitCodeFor(error)).toBe(ExitCode.interrupted);
    });
  }

  it('json and yaml never leave a document that parses as complete, even with nothing printed', async () => {
    for (const n of [0, 4]) {
      for (const format of ['json', 'yaml'] as const) {
        const { text } = await interrupted(format, n, n ? new ListInterruptedError(3, '--page 3 --per-page 2') : new CancelledError('interrupted'));
        expect(() => (format === 'json' ? JSON.parse(text) : parseYaml(text)), `${format} after ${n}: ${text}`).toThrow();
      }
    }
  });
});

describe('a list that stops part way is still sanitised (issue 13 × issue 14)', () => {
  async function* hostileThenFail() {
    yield { id: 1, title: '\x1b[31mred\x1b]0;owned\x07', url: 'https://bob:hunter2@hooks.example/x' };
    throw new PartialListError(cause, 2, '--page 2 --per-page 1');
  }
  async function go(format: OutputFormat, tty: boolean) {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (c) => (text += c));
    const err = await render(list(hostileThenFail(), [{ key: 'id' }, { key: 'title' }, { key: 'url' }]), { format, stdout, stderr: new PassThrough(), isTTY: tty, color: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialListError);
    return text;
  }

  for (const [format, tty] of [['table', true], ['table', false], ['json', false], ['ndjson', false]] as const) {
    it(`${format}${tty ? ' on a terminal' : ''}: no raw ESC/BEL, the URL password masked`, async () => {
      const text = await go(format, tty);
      expect(text).toContain('red');
      expect(text).not.toMatch(/[\x1b\x07]/);
      expect(text).not.toContain('hunter2');
      expect(text).toContain('bob:********@hooks.example');
    });
  }
});
