// `forgectl events list` end to end against the sandbox.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], token = 'admin', extraEnv: Record<string, string> = {}) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: { ...envFor(sb, token), ...extraEnv } });
  return { ...res, requests: requestsSince(sb, mark) };
}

describe('events list', () => {
  it('lists a project’s events with every filter sent as its parameter', async () => {
    const res = await run(['events', 'list', '--project', 'acme/platform/api', '--action', 'closed', '--target-type', 'issue', '--after', '2020-01-01', '--sort', 'asc', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests).toHaveLength(1);
    expect(res.requests[0].path).toBe('/api/v4/projects/acme%2Fplatform%2Fapi/events');
    expect(res.requests[0].query).toContain('action=closed&target_type=issue&after=2020-01-01&sort=asc');
    const events = json(res);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action_name: 'closed', target_type: 'Issue', author_username: 'grace', target_title: 'Rate limit the search endpoint' });
    // Whole objects in json: nothing dropped.
    expect(Object.keys(events[0])).toEqual(expect.arrayContaining(['author', 'target_iid', 'imported']));
  });

  it('shows your own events, and with --scope all those of your projects, as a table', async () => {
    const own = await run(['events', 'list', '--fields', 'author_username,action_name,target_title'], 'grace');
    expect(own.exitCode, own.stderr).toBe(0);
    expect(own.requests[0].path).toBe('/api/v4/events');
    const rows = own.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.every((r) => r[0] === 'grace')).toBe(true);
    // The events seed gives grace these two; the discussions seed adds more of her activity.
    expect(rows.map((r) => r[1])).toEqual(expect.arrayContaining(['closed', 'commented on']));
    const all = await run(['events', 'list', '--scope', 'all', '--action', 'pushed', '--limit', '3', '-o', 'json'], 'alice');
    expect(all.exitCode, all.stderr).toBe(0);
    expect(all.requests[0].query).toContain('scope=all');
    expect(json(all).length).toBe(3);
    expect(json(all).every((e: any) => e.push_data?.ref_type === 'branch')).toBe(true);
  });

  it('lists a user’s events', async () => {
    const res = await run(['events', 'list', '--user', 'bob', '--target-type', 'issue', '-o', 'json'], 'alice');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests[0].path).toBe('/api/v4/users/bob/events');
    const events = json(res) as any[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.author_username === 'bob' && e.target_type === 'Issue' && e.action_name === 'opened')).toBe(true);
    const missing = await run(['events', 'list', '--user', 'no-such-user']);
    expect(missing.exitCode).toBe(3);
  });

  it('explains the scope it needs when the token has neither read_user nor api', async () => {
    const sb = sandbox();
    const carol = sb.state.findUser('carol')!;
    const secret = 'glpat-e2e-events-repo-only';
    sb.state.addToken({ userId: carol.id, name: 'repo', description: null, scopes: ['read_repository'], createdAt: 0, updatedAt: 0, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
    const res = await forgectl(['events', 'list'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: secret } });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: .*insufficient_scope/m);
    expect(res.stderr).toContain('scope read_user or api');
  });

  it('a read_api token is refused for your own and a user’s events (read_user or api), not for a project’s', async () => {
    for (const args of [['events', 'list'], ['events', 'list', '--user', 'grace']]) {
      const res = await run(args, 'readonly');
      expect(res.exitCode, args.join(' ')).toBe(4);
      expect(res.stderr).toMatch(/^error: .*insufficient_scope/m);
      expect(res.stderr).toContain('needs a token with scope read_user or api');
    }
    const project = await run(['events', 'list', '--project', 'acme/platform/api', '-o', 'json'], 'readonly');
    expect(project.exitCode, project.stderr).toBe(0);
  });

  it('shows who wrote the note of a comment event', async () => {
    const res = await run(['events', 'list', '--project', 'acme/platform/gateway', '--target-type', 'note', '--fields', 'author_username,note.author.username', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const events = json<any[]>(res);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.note.author.username).toBe(e.author_username);
  });

  it('refuses bad input with exit 2 and sends nothing', async () => {
    for (const args of [
      ['events', 'list', '--target-type', 'MergeRequest'],
      ['events', 'list', '--target-type', 'epic'],
      ['events', 'list', '--action', ''],
      ['events', 'list', '--before', '2024-02-30'],
      ['events', 'list', '--after', '2024-03-01', '--before', '2024-03-01'],
      ['events', 'list', '--user', 'bob', '--project', 'acme/platform/api'],
      ['events', 'list', '--user', 'bob', '--scope', 'all'],
      ['events', 'list', '--project', 'not a project'],
    ]) {
      const res = await run(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^error: /);
      expect(res.requests).toEqual([]);
    }
    const lower = await run(['events', 'list', '--target-type', 'MergeRequest']);
    expect(lower.stderr).toContain('write merge_request');
  });

  it('sends an --action outside the known set as given, with a warning, and shows the service’s answer', async () => {
    const res = await run(['events', 'list', '--project', 'acme/platform/api', '--action', 'opened']);
    expect(res.requests).toHaveLength(1);
    expect(new URLSearchParams(res.requests[0].query).get('action')).toBe('opened');
    expect(res.stderr).toMatch(/^warning: --action "opened" is not one of the known actions \(created, updated, .*\); sent as given, the service may refuse it; events shown as "opened" are selected by --action created$/m);
    // GitLab validates the value (Grape `values: Event.actions`): the sandbox answers 400 as it does.
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: 400 action does not have a valid value/m);
    const known = await run(['events', 'list', '--project', 'acme/platform/api', '--action', 'created', '-o', 'json']);
    expect(known.exitCode, known.stderr).toBe(0);
    expect(known.stderr).toBe('');
  });

  it('completes the known actions in the shell', async () => {
    const res = await forgectl(['completion', 'bash']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain("'events list|--action') echo 'choice created updated closed reopened pushed commented merged joined left destroyed expired approved'");
  });
});
