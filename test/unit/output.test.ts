import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { list, object, render, type OutputFormat } from '../../src/core/output.js';

async function out(result: Parameters<typeof render>[0], format: OutputFormat, opts: { tty?: boolean; fields?: string[] } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  let err = '';
  stdout.on('data', (c) => (text += c));
  stderr.on('data', (c) => (err += c));
  await render(result, { format, fields: opts.fields, stdout, stderr, isTTY: !!opts.tty, color: false });
  return { text, err };
}

const rows = [
  { id: 1, name: 'api', owner: { username: 'alice' }, topics: ['a', 'b'], extra: 'kept' },
  { id: 2, name: 'web\tui', owner: { username: 'bob' }, topics: [], extra: null },
];
const cols = [{ key: 'id' }, { key: 'name' }, { key: 'owner.username', header: 'owner' }, { key: 'topics' }];

describe('output formatters', () => {
  it('prints an aligned table with headers on a terminal', async () => {
    const { text } = await out(list(rows, cols), 'table', { tty: true });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+OWNER\s+TOPICS$/);
    expect(lines[1]).toMatch(/^1\s+api\s+alice\s+a,b$/);
    expect(lines[2]).toMatch(/^2\s+web ui\s+bob\s+-$/);
  });

  it('prints tab-separated rows without header in a pipe', async () => {
    const { text } = await out(list(rows, cols), 'table');
    expect(text).toBe('1\tapi\talice\ta,b\n2\tweb ui\tbob\t\n');
  });

  it('prints JSON exactly as received, unknown fields included', async () => {
    const { text } = await out(list(rows, cols), 'json');
    expect(JSON.parse(text)).toEqual(rows);
  });

  it('streams NDJSON from an async source, one object per line', async () => {
    async function* gen() {
      yield* rows;
    }
    const { text } = await out(list(gen(), cols), 'ndjson');
    expect(text.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('prints YAML', async () => {
    const { text } = await out(object({ id: 1, scopes: ['api'] }), 'yaml');
    expect(text).toBe('id: 1\nscopes:\n  - api\n');
  });

  it('keeps only --fields, dotted paths included', async () => {
    expect(JSON.parse((await out(list(rows, cols), 'json', { fields: ['id', 'owner.username'] })).text)).toEqual([
      { id: 1, owner: { username: 'alice' } },
      { id: 2, owner: { username: 'bob' } },
    ]);
    expect((await out(list(rows, cols), 'table', { fields: ['name', 'extra'] })).text).toBe('api\tkept\nweb ui\t\n');
  });

  it('prints an empty JSON array and says so on a terminal for an empty table', async () => {
    expect(JSON.parse((await out(list<any>([], cols), 'json')).text)).toEqual([]);
    const t = await out(list<any>([], cols, { empty: 'No projects match.' }), 'table', { tty: true });
    expect(t.text).toBe('');
    expect(t.err).toBe('No projects match.\n');
  });

  it('masks secret keys in every format', async () => {
    const v = { url: 'https://x', spam_service_api_key: 'k-123' };
    for (const f of ['json', 'yaml', 'ndjson', 'table'] as const) {
      const { text } = await out(object(v, { maskKeys: ['spam_service_api_key'] }), f);
      expect(text).not.toContain('k-123');
    }
  });

  it('prints an object as key/value rows in table format', async () => {
    const { text } = await out(object({ id: 7, name: 'x', scopes: ['api', 'sudo'] }), 'table');
    expect(text).toBe('id\t7\nname\tx\nscopes\tapi,sudo\n');
  });
});

describe('ndjson of a long list', () => {
  // A slow reader: every write is refused until drained, so the writer must wait each time.
  function slowReader() {
    const chunks: string[] = [];
    const stream = new Writable({
      highWaterMark: 1,
      write(chunk, _enc, cb) {
        chunks.push(String(chunk));
        setImmediate(cb);
      },
    });
    return { stream, chunks };
  }

  it('goes out in a few large writes of whole lines, waiting for a slow reader, each line the item as received', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ zeta: i, id: i, runners_token: `GR1348941${i}`, nested: { a: [i, null], token_type: 'x' } }));
    const { stream, chunks } = slowReader();
    const n = await render(list(items, [], { maskTokenLike: true }), { format: 'ndjson', stdout: stream, stderr: new PassThrough(), isTTY: false, color: false });
    expect(n).toBe(3000);
    const lines = chunks.join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toEqual(items.map((i) => JSON.stringify({ ...i, runners_token: '********' })));
    // Batches of about 64 KiB, not a write per item; each ends at the end of a line.
    const size = chunks.join('').length;
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(size / 65536) + 1);
    for (const c of chunks) expect(c.endsWith('\n')).toBe(true);
    // The items themselves are left as they were.
    expect(items[0].runners_token).toBe('GR13489410');
  });
});

