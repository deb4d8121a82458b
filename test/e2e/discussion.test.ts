// `forgectl discussion` end to end against the sandbox.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const ISSUE = 'acme/platform/gateway#1';
const ISSUE_PATH = '/api/v4/projects/acme%2Fplatform%2Fgateway/issues/1/discussions';

describe('discussion list and get', () => {
  it('draws threads as a tree in a table and prints whole discussions as JSON', async () => {
    const sb = sandbox();
    const [table, res] = await Promise.all([
      forgectl(['discussion', 'list', ISSUE], { env: envFor(sb, 'alice', { FORGECTL_FORCE_TTY: '1' }) }),
      forgectl(['discussion', 'list', ISSUE, '-o', 'json'], { env: envFor(sb, 'alice') }),
    ]);
    expect(table.exitCode).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^DISCUSSION\s+NOTE\s+KIND\s+AUTHOR\s+TIME\s+RESOLVED\s+BODY$/);
    const threadAt = lines.findIndex((l) => l.includes('Should we use a token bucket?'));
    expect(lines[threadAt]).toMatch(/thread\s+bob\s+.*unresolved/);
    expect(lines[threadAt + 1]).toMatch(/└─ \d+\s+reply\s+grace/);
    expect(table.stdout).toMatch(/system\s+grace/);
    expect(table.stdout).toMatch(/comment\s+alice/);
    const list = json(res);
    expect(list[0]).toMatchObject({ individual_note: false, notes: [{ noteable_type: 'Issue', author: { username: 'bob' } }, {}] });
    expect(list[0].notes[0]).toHaveProperty('commands_changes');
  });

  it('takes snippet references, epic references and the two-argument form with --type; exits 3 when hidden', async () => {
    const sb = sandbox();
    const [snippet, epic, hidden] = await Promise.all([
      forgectl(['discussion', 'list', 'acme/platform/gateway', '7', '--type', 'snippet', '-o', 'json'], { env: envFor(sb, 'alice') }),
      forgectl(['discussion', 'list', 'acme/platform&1', '-o', 'json'], { env: envFor(sb, 'alice') }),
      forgectl(['discussion', 'list', 'acme/platform/auth-service#1'], { env: envFor(sb, 'readonly') }),
    ]);
    expect(json(snippet)[0].notes[0]).toMatchObject({ noteable_type: 'Snippet', body: 'Add one with a PRIVATE-TOKEN header?' });
    expect(json(epic)[0].notes[0].noteable_type).toBe('Epic');
    expect(hidden.exitCode).toBe(3);
    expect(hidden.stderr).toMatch(/404 Project Not Found/);
  });
});

describe('discussion create, reply, edit, delete-note', () => {
  it('creates a thread from a flag, replies from stdin, edits from a file and deletes with --yes', async () => {
    const sb = sandbox();
    const created = await forgectl(['discussion', 'create', ISSUE, '--body', 'Release on Friday?', '-o', 'json'], { env: envFor(sb, 'bob') });
    expect(created.exitCode).toBe(0);
    const d = json(created);
    expect(d.notes[0]).toMatchObject({ body: 'Release on Friday?', author: { username: 'bob' } });

    const reply = await forgectl(['discussion', 'reply', ISSUE, d.id, '--body', '-', '-o', 'json'], { env: envFor(sb, 'alice'), input: 'Yes, after the freeze.\n' });
    expect(reply.exitCode).toBe(0);
    const note = json(reply);
    expect(note).toMatchObject({ body: 'Yes, after the freeze.', type: 'DiscussionNote' });

    const file = join(tempDir(), 'body.md');
    writeFileSync(file, 'Yes, **after** the freeze.');
    const edited = await forgectl(['discussion', 'edit', ISSUE, d.id, String(note.id), '--body-file', file, '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(json(edited).body).toBe('Yes, **after** the freeze.');

    const notAuthor = await forgectl(['discussion', 'edit', ISSUE, d.id, String(note.id), '--body', 'hijack'], { env: envFor(sb, 'bob') });
    expect(notAuthor.exitCode).toBe(4);

    const mark = sb.requests.length;
    const noYes = await forgectl(['discussion', 'delete-note', ISSUE, d.id, String(note.id)], { env: envFor(sb, 'alice') });
    expect(noYes.exitCode).toBe(2);
    expect(noYes.stderr).toMatch(/confirmation needed/);
    expect(requestsSince(sb, mark)).toEqual([]);
    const deleted = await forgectl(['discussion', 'delete-note', ISSUE, d.id, String(note.id), '--yes'], { env: envFor(sb, 'alice') });
    expect(deleted.exitCode).toBe(0);
    // The 12-character prefix the table shows is enough.
    const after = json(await forgectl(['discussion', 'get', ISSUE, d.id.slice(0, 12), '-o', 'json'], { env: envFor(sb, 'alice') }));
    expect(after.id).toBe(d.id);
    expect(after.notes.map((n: any) => n.id)).toEqual([d.notes[0].id]);
  });

  it('names the thread\'s first note as note_id when adding a note, or the --note-id given', async () => {
    const sb = sandbox();
    const d = json(await forgectl(['discussion', 'create', ISSUE, '--body', 'Which port?', '-o', 'json'], { env: envFor(sb, 'bob') }));
    const first = d.notes[0].id;
    let mark = sb.requests.length;
    const reply = await forgectl(['discussion', 'reply', ISSUE, d.id.slice(0, 12), '--body', '8080', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(reply.exitCode, reply.stderr).toBe(0);
    const post = requestsSince(sb, mark).filter((r) => r.method === 'POST');
    expect(post.map((r) => r.path)).toEqual([`${ISSUE_PATH}/${d.id}/notes`]);
    expect(post[0].body).toEqual({ body: '8080', note_id: first });

    mark = sb.requests.length;
    const given = await forgectl(['discussion', 'reply', ISSUE, d.id, '--note-id', String(json(reply).id), '--body', 'Thanks'], { env: envFor(sb, 'bob') });
    expect(given.exitCode, given.stderr).toBe(0);
    expect(requestsSince(sb, mark).map((r) => [r.method, r.body])).toEqual([['POST', { body: 'Thanks', note_id: json(reply).id }]]);

    mark = sb.requests.length;
    const dry = await forgectl(['discussion', 'reply', ISSUE, d.id, '--body', 'draft', '--dry-run'], { env: envFor(sb, 'bob') });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout + dry.stderr).toContain(`"note_id": ${first}`);
    expect(requestsSince(sb, mark).map((r) => r.method)).toEqual(['GET']);
  });

  it('honours --created-at for administrators and warns when the service ignores it', async () => {
    const sb = sandbox();
    const at = '2021-03-04T05:06:07Z';
    const admin = await forgectl(['discussion', 'create', ISSUE, '--body', 'imported', '--created-at', at, '-o', 'json'], { env: envFor(sb, 'admin') });
    expect(json(admin).notes[0].created_at).toBe('2021-03-04T05:06:07.000Z');
    expect(admin.stderr).not.toMatch(/ignored/);
    const bob = await forgectl(['discussion', 'create', ISSUE, '--body', 'imported', '--created-at', at, '-o', 'json'], { env: envFor(sb, 'bob') });
    expect(bob.exitCode).toBe(0);
    expect(bob.stderr).toMatch(/warning: the service ignored --created-at: setting it needs administrator rights or the Owner role/);
  });

  it('prints the request under --dry-run and sends nothing', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['discussion', 'create', ISSUE, '--body', 'draft', '--dry-run'], { env: envFor(sb, 'bob') });
    expect(res.exitCode).toBe(0);
    expect(res.stdout + res.stderr).toContain(`POST ${sb.url}${ISSUE_PATH}`);
    expect(res.stdout + res.stderr).toContain('"body": "draft"');
    expect(res.stdout + res.stderr).not.toContain(sb.tokens.bob);
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('rejects bad input with exit 2 before sending anything', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'b.md');
    writeFileSync(file, 'x');
    const cases: [string[], RegExp][] = [
      [['discussion', 'list', 'acme/platform/gateway'], /is not a reference/],
      [['discussion', 'list', 'acme/platform/gateway#x'], /not a positive integer/],
      [['discussion', 'create', ISSUE], /note body is required/],
      [['discussion', 'create', ISSUE, '--body', 'x', '--body-file', file], /cannot be used together/],
      [['discussion', 'create', ISSUE, '--body', 'x', '--created-at', 'yesterday'], /--created-at must be an ISO 8601/],
      [['discussion', 'reply', ISSUE, '--body', 'x'], /missing required argument 'discussion-id'/],
      [['discussion', 'edit', ISSUE, 'abc', 'one', '--body', 'x'], /NOTE_ID must be an integer/],
      [['discussion', 'reply', ISSUE, 'abc', '--note-id', '0', '--body', 'x'], /--note-id must be/],
    ];
    const mark = sb.requests.length;
    const results = await Promise.all(cases.map(([args]) => forgectl(args, { env: envFor(sb, 'bob') })));
    results.forEach((r, i) => {
      expect(r.exitCode, cases[i][0].join(' ')).toBe(2);
      expect(r.stderr, cases[i][0].join(' ')).toMatch(cases[i][1]);
      expect(r.stderr.split('\n')[0]).toMatch(/^error: /);
    });
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('documents each command with an example', async () => {
    const res = await forgectl(['discussion', 'create', '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/Examples:\n\s+\$ forgectl discussion create/);
    expect(res.stdout).toContain('--created-at');
  });
});
