import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('projects list', () => {
  it('sends each filter as the API parameter and shows only matching projects', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(
      ['projects', 'list', '--visibility', 'private', '--archived', '--order-by', 'id', '--sort', 'asc', '--search', 'service', '--topic', 'go,api', '--custom-attribute', 'team=core', '-o', 'json'],
      { env: envFor(sb) },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const query = new URLSearchParams(requestsSince(sb, mark)[0].query);
    expect(query.get('visibility')).toBe('private');
    expect(query.get('archived')).toBe('true');
    expect(query.get('order_by')).toBe('id');
    expect(query.get('sort')).toBe('asc');
    expect(query.get('search')).toBe('service');
    expect(query.get('topic')).toBe('go,api');
    expect(query.get('custom_attributes[team]')).toBe('core');
    for (const p of json<any[]>(res)) {
      expect(p.visibility).toBe('private');
      expect(p.archived).toBe(true);
    }
  });

  it('lists every project with --all, as many as the server reports', async () => {
    const sb = sandbox();
    const head = await fetch(`${sb.url}/api/v4/projects?per_page=1`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    const total = Number(head.headers.get('x-total'));
    const res = await forgectl(['projects', 'list', '--all', '--per-page', '7', '-o', 'ndjson'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const ids = res.stdout.trim().split('\n').map((l) => JSON.parse(l).id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const limited = await forgectl(['projects', 'list', '--all', '--limit', '12', '-o', 'ndjson'], { env: envFor(sb) });
    expect(limited.stdout.trim().split('\n')).toHaveLength(12);
  });

  it('lists a user’s namespace with --user, and refuses flags that endpoint does not take', async () => {
    const sb = sandbox();
    const res = await forgectl(['projects', 'list', '--user', 'alice', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const projects = json<any[]>(res);
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((p) => p.namespace.full_path === 'alice')).toBe(true);
    const mark = sb.requests.length;
    const bad = await forgectl(['projects', 'list', '--user', 'alice', '--repository-storage', 'default'], { env: envFor(sb) });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--repository-storage/);
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('checks values before sending (exit 2, nothing sent)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [
      ['--per-page', '0'],
      ['--per-page', '101'],
      ['--page', 'two'],
      ['--visibility', 'secret'],
      ['--min-access-level', '35'],
      ['--last-activity-after', 'yesterday'],
      ['--id-after', '-3'],
      ['--custom-attribute', 'novalue'],
    ]) {
      const res = await forgectl(['projects', 'list', ...args], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr.trim().split('\n')[0]).toMatch(/^error: /);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('sends --min-access-level 5 (minimal access), a level the service knows', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--min-access-level', '5', '-o', 'json'], { env: envFor(sb, 'bob') });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(new URLSearchParams(requestsSince(sb, mark)[0].query).get('min_access_level')).toBe('5');
  });

  it('shows public projects without credentials', async () => {
    const sb = sandbox();
    const res = await forgectl(['projects', 'list', '--all', '-o', 'json'], { env: { FORGECTL_URL: sb.url } });
    expect(res.exitCode, res.stderr).toBe(0);
    const publicIds = json<any[]>(await forgectl(['projects', 'list', '--all', '--visibility', 'public', '-o', 'json'], { env: envFor(sb) })).map((p) => p.id);
    const anonymousIds = json<any[]>(res).map((p) => p.id);
    expect(anonymousIds.length).toBeGreaterThan(0);
    expect(anonymousIds.sort()).toEqual(publicIds.sort());
  });
});

describe('api', () => {
  it('GETs a path with query fields and prints the answer as received', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', '/projects', '-f', 'visibility=internal', '-F', 'per_page=3', '-X', 'GET'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const body = json<any[]>(res);
    expect(body.length).toBeLessThanOrEqual(3);
    expect(body.every((p) => p.visibility === 'internal')).toBe(true);
    expect(body).toEqual((await rawGet(sb, '/projects?visibility=internal&per_page=3', sb.tokens.admin)).body);
  });

  it('follows every page with --paginate', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', '/projects', '-X', 'GET', '-F', 'per_page=10', '--paginate', '-o', 'ndjson'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const head = await fetch(`${sb.url}/api/v4/projects?per_page=1`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    expect(res.stdout.trim().split('\n')).toHaveLength(Number(head.headers.get('x-total')));
  });

  it('prints status and headers first with --include', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', '/projects', '-X', 'GET', '-F', 'per_page=1', '--include'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(res.stdout.toLowerCase()).toContain('x-total:');
  });

  it('sends a POST body from a file and from stdin', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const file = join(dir, 'rotate.json');
    writeFileSync(file, JSON.stringify({ expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) }));
    let mark = sb.requests.length;
    const fromFile = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate', '--input', file], { env: envFor(sb, 'bob') });
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(requestsSince(sb, mark).at(-1)?.body).toEqual(JSON.parse(JSON.stringify({ expires_at: json<any>(fromFile).expires_at })));
    const fresh = json<any>(fromFile).token;

    mark = sb.requests.length;
    const fromStdin = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate', '--input', '-'], {
      env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: fresh },
      input: '{"expires_at":"' + new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) + '"}',
    });
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0);
    expect((requestsSince(sb, mark).at(-1)?.body as any).expires_at).toBe(json<any>(fromStdin).expires_at);
  });

  it('refuses a malformed field or method (exit 2, nothing sent)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [['/projects', '-f', 'novalue'], ['FETCH', '/projects'], ['/projects', '--input', '/nonexistent/file.json']]) {
      const res = await forgectl(['api', ...args], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});
