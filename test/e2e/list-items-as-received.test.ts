// `projects list -o ndjson` of a long list (issue 27): each page's shape is checked once, and every
// item goes out as the server wrote it (its keys in their order, unknown ones kept), secrets masked.
// A page that is not a list of projects (a proxy's JSON, a page of non-objects) is still refused.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { usePagingServer } from '../helpers/paging-server.js';

// Page number → the body of that page, as text (the server's own bytes).
let pages: Record<number, string> = {};
const fake = usePagingServer('/api/v4/projects', (page) => {
  const total = Object.keys(pages).length;
  return { body: pages[page] ?? '[]', next: page < total ? page + 1 : undefined, totalPages: total, total: total * 2 };
});

const list = (...extra: string[]) =>
  forgectl(['projects', 'list', '--all', '--per-page', '2', '-o', 'ndjson', '--retries', '0', ...extra], {
    env: { FORGECTL_URL: fake.origin, FORGECTL_TOKEN: 'glpat-test-token-000000' },
  });

// Items as a later server version might write them: keys in no particular order, fields forgectl
// does not know, secrets at several depths, a URL with credentials, characters JSON may escape.
const odd = [
  {
    zeta: 1,
    runners_token: 'GR1348941secret-one',
    id: 12,
    from_a_later_version: { nested: [1, 'two', null], webhook_secret: 's3cret', token_type: 'personal', empty_token: '' },
    import_url: 'https://deploy:pa55@git.example.com/x.git',
    name: 'caf\u00e9 \u202eevil',
    'odd "key"': 'a\\b',
  },
  { id: 11, path_with_namespace: 'g/p', runners_token: null, hooks: [{ password: 'p', url: 'https://h.example/x' }] },
];
const written = (items: unknown[]) => `[${items.map((i) => JSON.stringify(i)).join(',')}]`;

describe('projects list -o ndjson writes each item as the server sent it', () => {
  it('keeps every key in the order sent, masks secrets and URL credentials, and escapes terminal controls', async () => {
    pages = { 1: written(odd), 2: written([{ id: 10, web_url: 'https://git.example.com/g/q', visibility: 'private' }]) };
    const res = await list();
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\n')).toEqual([
      '{"zeta":1,"runners_token":"********","id":12,"from_a_later_version":{"nested":[1,"two",null],"webhook_secret":"********","token_type":"personal","empty_token":""},"import_url":"https://deploy:********@git.example.com/x.git","name":"café \\u202eevil","odd \\"key\\"":"a\\\\b"}',
      '{"id":11,"path_with_namespace":"g/p","runners_token":null,"hooks":[{"password":"********","url":"https://h.example/x"}]}',
      '{"id":10,"web_url":"https://git.example.com/g/q","visibility":"private"}',
    ]);
  });

  it('with --show-secrets, each line is the item exactly as the server wrote it', async () => {
    const plain = [{ b: 2, id: 7, a: { y: 1, x: [true, false] }, runners_token: 'GR1348941abc' }, { id: 6, name: 'n' }];
    pages = { 1: written(plain) };
    const res = await list('--show-secrets');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\n')).toEqual(plain.map((p) => JSON.stringify(p)));
  });
});

describe('projects list refuses a page that is not a list of projects', () => {
  const good = written([{ id: 2, name: 'b' }, { id: 1, name: 'a' }]);
  for (const [what, body, at] of [
    ['a page of numbers', '[1,2]', 'expected object'],
    ['a page of objects without an id', '[{"error":"sign in"},{"id":3}]', 'at id'],
    ['a page with an id that is not a number', '[{"id":3},{"id":"4"}]', 'at id'],
  ] as const) {
    it(`${what} as page 2: page 1 is printed, then the list stops with an unexpected answer, exit 1`, async () => {
      pages = { 1: good, 2: body };
      const res = await list();
      expect(res.exitCode).toBe(1);
      // Nothing of the refused page: only whole items of page 1.
      expect(res.stdout).toBe('{"id":2,"name":"b"}\n{"id":1,"name":"a"}');
      expect(res.stderr).toContain('unexpected answer for GET /projects');
      expect(res.stderr).toContain(at);
    });
  }

  it('a JSON object where page 1 should be (a proxy error page in JSON): nothing printed, exit 1', async () => {
    pages = { 1: '{"message":"blocked by policy"}' };
    const res = await list();
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('unexpected answer for GET /projects');
  });
});
