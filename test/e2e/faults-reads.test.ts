// Fault matrix, reads (issue 13): every fault × a one-page list, `--all` failing at page 3 (offset
// paging) and a get. A read that gives up exits 1 with one clear line and prints nothing that
// looks like a whole answer; one bad answer is retried and the full output follows.

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { forgectl, json } from '../helpers/cli.js';
import { FAULTS, FAST, expectNoFalseAnswer, expectedAttempts, runWithFault, specFor } from '../helpers/faults.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function baseline(args: string[]): Promise<string> {
  const res = await forgectl([...args, ...FAST], { env: envFor(sandbox(), 'admin') });
  expect(res.exitCode, res.stderr).toBe(0);
  return res.stdout;
}

describe('fault matrix: a one-page list (hooks list -o json)', () => {
  const args = ['hooks', 'list', '-o', 'json'];
  for (const f of FAULTS) {
    it(`${f.kind}, every time: exit 1, one clear line, no [] and no HTML`, async () => {
      const res = await runWithFault(sandbox(), specFor(f, 'forever', 'GET:/hooks'), args);
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stdout).toBe('');
      expectNoFalseAnswer(res);
      expect(res.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(res.stderr).toMatch(f.stderr);
      expect(res.requests.filter((r) => r.path === '/api/v4/hooks')).toHaveLength(expectedAttempts(f, false));
    });
    if (f.refused) continue;
    if (f.final) {
      it(`${f.kind}, once: not asked again (the token is not handed to a sign-in page twice), exit 1`, async () => {
        const res = await runWithFault(sandbox(), `${f.kind}:1@GET:/hooks`, args);
        expect(res.exitCode, res.stderr).toBe(1);
        expect(res.stdout).toBe('');
        expect(res.stderr).toMatch(f.stderr);
        expect(res.requests.filter((r) => r.path === '/api/v4/hooks')).toHaveLength(1);
      });
      continue;
    }
    it(`${f.kind}, once: retried, the whole list printed, exit 0`, async () => {
      const want = await baseline(args);
      const res = await runWithFault(sandbox(), `${f.kind}:1@GET:/hooks`, args);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).toBe(want);
      expect(json(res).length).toBeGreaterThan(0);
      expect(res.requests.filter((r) => r.path === '/api/v4/hooks')).toHaveLength(2);
    });
  }
});

describe('fault matrix: --all failing at page 3 (token list, offset paging)', () => {
  // 16 tokens in pages of 3: pages 1 and 2 arrive (6 tokens), page 3 never does.
  const args = ['token', 'list', '--all', '--per-page', '3', '-o', 'json', '--fields', 'id'];
  for (const f of FAULTS) {
    it(`${f.kind} at page 3: exit 1, an open array of the 6 tokens printed, where to resume`, async () => {
      const res = await runWithFault(sandbox(), specFor(f, 'forever', 'GET:/personal_access_tokens?page=3'), args);
      expect(res.exitCode, res.stderr).toBe(1);
      expectNoFalseAnswer(res);
      expect(res.stderr).toMatch(f.stderr);
      if (f.refused) {
        expect(res.stdout).toBe('');
        expect(res.requests).toHaveLength(0);
        return;
      }
      // The items that arrived are there, in an array left open: `jq length` fails, it cannot miscount.
      expect(JSON.parse(`${res.stdout}]`)).toHaveLength(6);
      expect(res.stderr).toContain('error: the list stopped at page 3, 6 items printed before it: ');
      expect(res.stderr).toContain('hint: to go on from there, run the same command with --page 3 --per-page 3');
      expect(res.requests.filter((r) => r.path === '/api/v4/personal_access_tokens' && r.query.includes('page=3&'))).toHaveLength(expectedAttempts(f, false));
    });
  }

  it('with --limit, the resume flags carry the part of the cap not yet printed', async () => {
    // --limit 10 in pages of 3: 6 printed before page 3 failed, so 4 remain; the page flags alone
    // would print up to 10 again.
    const res = await runWithFault(sandbox(), '502:forever@GET:/personal_access_tokens?page=3', ['token', 'list', '--limit', '10', '--per-page', '3', '-o', 'json', '--fields', 'id']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(JSON.parse(`${res.stdout}]`)).toHaveLength(6);
    expect(res.stderr).toContain('hint: to go on from there, run the same command with --page 3 --per-page 3 --limit 4');
  });

  it('ndjson and piped table rows that were printed stay; yaml ends with a line no YAML reader accepts', async () => {
    const spec = 'reset-body:forever@GET:/personal_access_tokens?page=3';
    const nd = await runWithFault(sandbox(), spec, ['token', 'list', '--all', '--per-page', '3', '-o', 'ndjson', '--fields', 'id']);
    expect(nd.exitCode).toBe(1);
    expect(nd.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toHaveLength(6);
    const table = await runWithFault(sandbox(), spec, ['token', 'list', '--all', '--per-page', '3', '--fields', 'id']);
    expect(table.exitCode).toBe(1);
    expect(table.stdout.trim().split('\n')).toHaveLength(6);
    const yaml = await runWithFault(sandbox(), spec, ['token', 'list', '--all', '--per-page', '3', '-o', 'yaml']);
    expect(yaml.exitCode).toBe(1);
    expect(() => parseYaml(yaml.stdout)).toThrow();
    expect(yaml.stdout.match(/^- /gm)).toHaveLength(6);
    expect(yaml.stdout).toMatch(/\n"the list stopped here: see the error on stderr$/);
    expect(yaml.stderr).toContain('error: the list stopped at page 3, 6 items printed before it: ');
  });

  it('the pages fetched ahead of the failed one are dropped: no retries, no errors of their own', async () => {
    // Page 3 fails for good while pages 4 and 5, fetched ahead, never answer. Left alone, they
    // would time out and be retried, and hold up the exit until then.
    const pages = '/personal_access_tokens';
    const spec = `502:forever@GET:${pages}?page=3,hang:forever@GET:${pages}?page=4,hang:forever@GET:${pages}?page=5`;
    const res = await runWithFault(sandbox(), spec, ['token', 'list', '--all', '--per-page', '3', '-o', 'json', '--fields', 'id', '--verbose']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr.match(/^error: .*/gm)).toEqual(['error: the list stopped at page 3, 6 items printed before it: 502 Bad Gateway']);
    // The trace shows page 3's one retry and nothing more: pages 4 and 5 neither failed nor were retried.
    expect(res.stderr.match(/^\* retrying /gm)).toHaveLength(1);
    expect(res.stderr).not.toMatch(/^! GET \S+page=[45]\b/m);
    const sent = (page: number) => res.requests.filter((r) => r.path === `/api/v4${pages}` && new URLSearchParams(r.query).get('page') === String(page));
    expect(sent(3)).toHaveLength(2);
    expect(sent(4)).toHaveLength(1);
    expect(sent(5)).toHaveLength(1);
  });

  it('resuming with the hint prints the rest', async () => {
    const res = await runWithFault(sandbox(), '', ['token', 'list', '--all', '--page', '3', '--per-page', '3', '-o', 'json', '--fields', 'id']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toHaveLength(16 - 6);
  });
});

describe('fault matrix: a get (hooks get 1 -o json)', () => {
  const args = ['hooks', 'get', '1', '-o', 'json'];
  for (const f of FAULTS) {
    // (Recovery from one bad answer is the same code path as the list's, tested above.)
    it(`${f.kind}, every time: exit 1, nothing on stdout`, async () => {
      const res = await runWithFault(sandbox(), specFor(f, 'forever', 'GET:/hooks/1'), args);
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(f.stderr);
      expect(res.requests.filter((r) => r.path === '/api/v4/hooks/1')).toHaveLength(expectedAttempts(f, false));
    });
  }
});
