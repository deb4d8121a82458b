// Signing a migration off, end to end against two sandboxes: the destination copies content from the
// source (merge requests, releases, epics, wiki pages), `migrate verify` compares both sides, and the
// sandbox's drop fault leaves items out for verify to find.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { rawGet, useMigrationSandboxes } from '../helpers/sandbox.js';

const { source, dest } = useMigrationSandboxes();

const env = (extra: Record<string, string | undefined> = {}) => ({ FORGECTL_URL: dest().url, FORGECTL_TOKEN: dest().tokens.admin, ...extra });
const srcToken = () => source().tokens.admin;
const FAST = ['--interval', '100ms'];

/** Starts a migration of these entities and watches it to the end; returns its id. */
async function migrate(...entities: string[]): Promise<number> {
  const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', ...entities.flatMap((e) => ['--entity', e]), '--watch', ...FAST, '-o', 'json'], {
    env: env(),
    input: srcToken(),
  });
  expect(res.exitCode, res.stderr).toBe(0);
  return json(res).id;
}

async function drop(relation: string, every: number): Promise<void> {
  const res = await fetch(`${dest().url}/-/sandbox/bulk_imports/drop`, {
    method: 'PUT',
    headers: { 'PRIVATE-TOKEN': dest().tokens.admin, 'content-type': 'application/json' },
    body: JSON.stringify({ relation, every }),
  });
  expect(res.status).toBe(200);
}

const mrs = async (sb: () => { url: string; tokens: Record<string, string> }, path: string) =>
  (await rawGet(sb() as never, `/projects/${encodeURIComponent(path)}/merge_requests?state=all&per_page=100`, sb().tokens.admin)).body.map((m: any) => [m.iid, m.title, m.state, m.description]);

describe('the sandbox copies content by direct transfer', () => {
  it('merge requests (iid, title, state, description), releases, epics and group wiki pages arrive', async () => {
    await migrate('group:acme=opensource:acme-copy');
    expect(await mrs(dest, 'opensource/acme-copy/platform/api')).toEqual(await mrs(source, 'acme/platform/api'));
    const tags = async (sb: () => any, path: string) => (await rawGet(sb(), `/projects/${encodeURIComponent(path)}/releases`, sb().tokens.admin)).body.map((r: any) => r.tag_name).sort();
    expect(await tags(dest, 'opensource/acme-copy/web/storefront')).toEqual(['2024.1', '2024.2']);
    const epics = async (sb: () => any, path: string) =>
      (await rawGet(sb(), `/groups/${encodeURIComponent(path)}/epics?include_descendant_groups=false&per_page=100`, sb().tokens.admin)).body.map((e: any) => [e.iid, e.title, e.state]).sort();
    expect(await epics(dest, 'opensource/acme-copy')).toEqual(await epics(source, 'acme'));
    const wiki = (await rawGet(dest(), `/groups/${encodeURIComponent('opensource/acme-copy')}/wikis`, dest().tokens.admin)).body.map((p: any) => p.slug);
    expect(wiki).toEqual(['deploy', 'development', 'home']);
  });

  it('the drop fault leaves every third merge request out and records a failure for each; the entity still finishes', async () => {
    await drop('merge_requests', 3);
    try {
      const id = await migrate('project:acme/platform/api=opensource:api-dropped');
      const source_ = await mrs(source, 'acme/platform/api');
      const arrived = await mrs(dest, 'opensource/api-dropped');
      expect(arrived.length).toBe(source_.length - Math.floor(source_.length / 3));
      const ents = json(await forgectl(['migrate', 'entities', String(id), '-o', 'json'], { env: env() }));
      expect(ents[0]).toMatchObject({ status: 'finished', has_failures: true });
      expect(ents[0].stats.merge_requests).toEqual({ source: source_.length, fetched: source_.length, imported: arrived.length });
      const failures = json(await forgectl(['migrate', 'failures', String(id), String(ents[0].id), '-o', 'json'], { env: env() }));
      const third = source_.sort((a: any, b: any) => a[0] - b[0])[2];
      expect(failures[0]).toMatchObject({ relation: 'merge_requests', source_title: third[1] });
    } finally {
      await drop('merge_requests', 0);
    }
  });
});
