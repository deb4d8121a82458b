// `forgectl wiki …` end to end against the sandbox: pages, versions, multipart upload.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupPages } from '../../src/sandbox/group-wikis/store.js';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], token = 'alice', input?: string) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, token), input });
  return { ...res, requests: requestsSince(sb, mark) };
}

describe('wiki list and get', () => {
  it('lists pages with and without content', async () => {
    const plain = await run(['wiki', 'list', 'acme']);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(plain.stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['deploy', 'development', 'home']);
    const full = await run(['wiki', 'list', 'acme', '--with-content', '-o', 'json']);
    expect(full.requests[0].query).toBe('with_content=1');
    expect(json(full)[2]).toEqual({ content: '*  [Deploy](deploy)\n*  [Development](development)', format: 'markdown', slug: 'home', title: 'home', encoding: 'UTF-8' });
  });

  it('gets a page rendered as HTML; an unknown page exits 3', async () => {
    const res = await run(['wiki', 'get', 'acme', 'deploy', '--render-html', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests[0].query).toBe('render_html=true');
    expect(json(res).content).toBe('<p dir="auto">Here is an instruction how to deploy this project.</p>');
    expect((await run(['wiki', 'get', 'acme', 'no-such-page'])).exitCode).toBe(3);
  });

  it('a page asked for by its title is a 404 with a hint about slugs', async () => {
    const res = await run(['wiki', 'get', 'acme', 'Release process']);
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toMatch(/^hint: wiki pages are found by slug, not title \(a slug looks like "Release-process"\); list them with `forgectl wiki list acme`$/m);
  });

  it('--content - reads standard input, as discussion --body - does', async () => {
    const res = await run(['wiki', 'create', 'acme', '--title', 'From stdin', '--content', '-', '-o', 'json'], 'alice', '# Piped\n\nbody text\n');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ content: '# Piped\n\nbody text\n' });
  });
});

describe('wiki create, update, delete', () => {
  it('creates a page in a directory from a file, updates it from stdin, reads the old version, deletes it', async () => {
    const dir = tempDir();
    const file = join(dir, 'setup.md');
    writeFileSync(file, '# Setup\n\nFirst version.\n');
    const created = await run(['wiki', 'create', 'acme', '--title', 'guides/Local setup', '--file', file, '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.requests[0].body).toEqual({ title: 'guides/Local setup', content: '# Setup\n\nFirst version.\n' });
    expect(json(created)).toMatchObject({ slug: 'guides/Local-setup', format: 'markdown' });

    const updated = await run(['wiki', 'update', 'acme', 'guides/Local-setup', '--file', '-', '--format', 'asciidoc', '-o', 'json'], 'alice', '= Setup\n\nSecond version.\n');
    expect(updated.exitCode, updated.stderr).toBe(0);
    // The slug is one URL-encoded path segment.
    expect(updated.requests[0].path).toBe('/api/v4/groups/acme/wikis/guides%2FLocal-setup');
    expect(json(updated)).toMatchObject({ format: 'asciidoc', content: '= Setup\n\nSecond version.\n' });

    const sb = sandbox();
    const first = groupPages(sb.state, sb.state.findGroup('acme')!.id).get('guides/Local-setup')!.versions[0].sha;
    const old = await run(['wiki', 'get', 'acme', 'guides/Local-setup', '--version', first, '-o', 'json']);
    expect(json(old).content).toBe('# Setup\n\nFirst version.\n');

    const renamed = await run(['wiki', 'update', 'acme', 'guides/Local-setup', '--title', 'guides/Setup']);
    expect(renamed.exitCode, renamed.stderr).toBe(0);
    expect(renamed.stderr).toContain('it is now guides/Setup');

    const refused = await run(['wiki', 'delete', 'acme', 'guides/Setup']);
    expect(refused.exitCode).toBe(2);
    expect(refused.requests).toEqual([]);
    const deleted = await run(['wiki', 'delete', 'acme', 'guides/Setup', '--yes']);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.requests.map((r) => r.method)).toEqual(['DELETE']);
    expect((await run(['wiki', 'get', 'acme', 'guides/Setup'])).exitCode).toBe(3);
  });

  it('is refused to a Reporter (exit 4) and sends nothing under --dry-run', async () => {
    expect((await run(['wiki', 'create', 'acme', '--title', 'T', '--content', 'c'], 'grace')).exitCode).toBe(4);
    const dry = await run(['wiki', 'create', 'acme', '--title', 'Dry', '--content', 'not sent', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.requests).toEqual([]);
    expect(dry.stdout + dry.stderr).toContain('POST');
    expect(dry.stdout + dry.stderr).toContain('not sent');
  });

  it('refuses bad input with exit 2 and sends nothing', async () => {
    for (const [args, why] of [
      [['wiki', 'create', 'acme', '--content', 'x'], /--title is required/],
      [['wiki', 'create', 'acme', '--title', 'T'], /content is required/],
      [['wiki', 'create', 'acme', '--title', 'T', '--content', 'x', '--file', 'f.md'], /cannot be used together/],
      [['wiki', 'create', 'acme', '--title', 'T', '--content', 'x', '--format', 'html'], /html/],
      [['wiki', 'create', 'acme', '--title', 'T', '--file', '/no/such/file.md'], /cannot read --file/],
      [['wiki', 'update', 'acme', 'home', '--format', 'org'], /title or (the )?content/],
      [['wiki', 'get', 'acme', 'home', '--version', 'latest'], /--version must be/],
      [['wiki', 'list', 'acme/ bad'], /group must be/],
      [['wiki', 'upload', 'acme', '/no/such/file.png'], /cannot read/],
    ] as [string[], RegExp][]) {
      const res = await run(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^error: /);
      expect(res.stderr, args.join(' ')).toMatch(why);
      expect(res.requests).toEqual([]);
    }
  });
});

describe('wiki upload', () => {
  it('streams the file as multipart and prints the markdown link', async () => {
    const dir = tempDir();
    const file = join(dir, 'diagram.png');
    const bytes = Buffer.alloc(300_000, 7);
    writeFileSync(file, bytes);
    const res = await run(['wiki', 'upload', 'acme', file, '--branch', 'main']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.trim()).toMatch(/^!\[diagram\]\(uploads\/[0-9a-f]{32}\/diagram\.png\)$/);
    const req = res.requests[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/v4/groups/acme/wikis/attachments');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const raw = String(req.body);
    expect(raw).toContain('name="branch"');
    expect(raw).toContain('name="file"; filename="diagram.png"');
    expect(Number(req.headers['content-length'] ?? raw.length)).toBeGreaterThan(bytes.length);

    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'plain text');
    const asJson = await run(['wiki', 'upload', 'acme', other, '-o', 'json']);
    expect(json(asJson)).toMatchObject({ file_name: 'notes.txt', branch: 'main', link: { markdown: expect.stringMatching(/^\[notes\.txt\]\(uploads\//) } });
  });
});
