// Issue 36 items 1-3: owners by name, the filters an audit needs, and `token audit`.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], token = 'admin') {
  const res = await forgectl(args, { env: envFor(sandbox(), token) });
  expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res;
}

const usersById = async () => new Map(json<any[]>(await run(['users', 'list', '--all', '-o', 'json'])).map((u) => [u.id, u]));

describe('owners by name', () => {
  it('token list shows each owner’s username, looking each user up once', async () => {
    const sb = sandbox();
    const users = await usersById();
    const mark = sb.requests.length;
    const tokens = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const owners = new Set(tokens.map((t) => t.user_id));
    expect(owners.size).toBeGreaterThan(3);
    for (const t of tokens) expect(t.user, `token ${t.id}`).toEqual({ id: t.user_id, username: users.get(t.user_id).username, name: users.get(t.user_id).name, email: users.get(t.user_id).email });
    const lookups = requestsSince(sb, mark).filter((r) => /^\/api\/v4\/users\/\d+$/.test(r.path));
    expect(lookups.map((r) => r.path).sort()).toEqual([...owners].map((id) => `/api/v4/users/${id}`).sort());
  });

  it('--fields user.username works on token lists, and the table names the owner', async () => {
    const users = await usersById();
    const tokens = json<any[]>(await run(['token', 'list', '--all', '--fields', 'id,user.username', '-o', 'json']));
    expect(tokens.length).toBeGreaterThan(0);
    for (const t of tokens) expect(Object.keys(t).sort()).toEqual(['id', 'user']);
    const table = (await run(['token', 'list', '--all', '--fields', 'name,user.username'])).stdout;
    expect(table).toContain('dave-scripts\tdave');
    const byId = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const rows = (await run(['token', 'list', '--all'])).stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r[2])).toEqual(byId.map((t) => users.get(t.user_id).username));
  });

  it('a throttled owner lookup waits and is asked again; an owner that cannot be looked up is named by id', async () => {
    const sb = sandbox();
    const users = await usersById();
    const tokens = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const [first, second] = [...new Set(tokens.map((t) => t.user_id))];
    sb.addFaults(`429:1@GET:/users/${first},500:forever@GET:/users/${second}`);
    const res = await forgectl(['token', 'list', '--all', '-o', 'json'], { env: envFor(sb) });
    await sb.clearFaults();
    expect(res.exitCode, res.stderr).toBe(0);
    const got = json<any[]>(res);
    expect(got.filter((t) => t.user_id === first).every((t) => t.user?.username === users.get(first).username)).toBe(true);
    expect(got.filter((t) => t.user_id === second).every((t) => t.user === undefined)).toBe(true);
    expect(res.stderr.match(new RegExp(`owner ${second} could not be looked up`, 'g'))).toHaveLength(1);
  });

  it('an owner lookup answered with another user is a wrong answer: the id is shown, with a warning, never the other user', async () => {
    const sb = sandbox();
    const tokens = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const owner = [...new Set(tokens.map((t) => t.user_id))].find((id) => id !== 1)!;
    const root = json<any>(await run(['users', 'get', '1', '-o', 'json']));
    sb.addFaults(`wrong-object:forever@GET:/users/${owner}`);
    const res = await forgectl(['token', 'list', '--all', '-o', 'json'], { env: envFor(sb) });
    const audit = await forgectl(['token', 'audit'], { env: envFor(sb) });
    await sb.clearFaults();
    expect(res.exitCode, res.stderr).toBe(0);
    const theirs = json<any[]>(res).filter((t) => t.user_id === owner);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((t) => t.user === undefined)).toBe(true);
    expect(res.stderr).toContain(`owner ${owner}: GET /users/${owner} answered user 1, a wrong answer; its tokens show the id only`);
    expect(res.stderr).not.toContain(root.username);
    expect(audit.stderr).toContain(`answered user 1, a wrong answer`);
  });

  it('token get and token self show the owner', async () => {
    const self = json<any>(await run(['token', 'self', '-o', 'json'], 'bob'));
    expect(self.user).toMatchObject({ username: 'bob', name: 'Bob Builder' });
    const got = json<any>(await run(['token', 'get', String(self.id), '-o', 'json']));
    expect(got.user).toMatchObject({ id: self.user_id, username: 'bob' });
    expect((await run(['token', 'get', String(self.id)])).stdout).toMatch(/user\tbob\n/);
  });
});

describe('filters an audit needs', () => {
  const DAY = 86_400_000;
  const active = (t: any) => !t.revoked && t.active !== false;

  it('--no-expiry lists the active tokens without an expiry date', async () => {
    const all = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const want = all.filter((t) => active(t) && !t.expires_at).map((t) => t.name);
    expect(want).toEqual(expect.arrayContaining(['dave-scripts', 'forgotten-integration']));
    const got = json<any[]>(await run(['token', 'list', '--no-expiry', '-o', 'json']));
    expect(got.map((t) => t.name)).toEqual(want);
  });

  it('--unused-for keeps tokens idle that long, or never used and older than that', async () => {
    const all = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const cutoff = Date.now() - 90 * DAY;
    const want = all.filter((t) => active(t) && Date.parse(t.last_used_at ?? t.created_at) < cutoff).map((t) => t.name);
    expect(want).toEqual(expect.arrayContaining(['old-deploy-key', 'forgotten-integration']));
    expect(json<any[]>(await run(['token', 'list', '--unused-for', '90d', '-o', 'json'])).map((t) => t.name)).toEqual(want);
  });

  it('--scope keeps tokens with any of the scopes given', async () => {
    const all = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const want = all.filter((t) => t.scopes.includes('sudo') || t.scopes.includes('write_repository')).map((t) => t.id);
    expect(want.length).toBeGreaterThan(1);
    expect(json<any[]>(await run(['token', 'list', '--scope', 'sudo', '--scope', 'write_repository', '-o', 'json'])).map((t) => t.id)).toEqual(want);
    expect(json<any[]>(await run(['token', 'list', '--scope', 'sudo,write_repository', '-o', 'json'])).map((t) => t.id)).toEqual(want);
  });

  it('--expiring-within leaves out tokens without expiry and says so once on stderr', async () => {
    const res = await run(['token', 'list', '--expiring-within', '30d', '-o', 'json']);
    expect(json<any[]>(res).every((t) => t.expires_at)).toBe(true);
    expect(res.stderr.match(/no expiry date/g)).toHaveLength(1);
    expect(res.stderr).toContain('2 active tokens have no expiry date and are not listed by --expiring-within');
  });

  it('refuses bad filter values and contradictions before sending anything', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [['--unused-for', '90'], ['--scope', 'API!'], ['--no-expiry', '--expiring-within', '30d'], ['--no-expiry', '--state', 'inactive']]) {
      const res = await forgectl(['token', 'list', ...args], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr.split('\n')[0]).toMatch(/^error: /);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

describe('token audit', () => {
  it('--exit-code exits 5 and lists each finding with the owner’s username', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'audit', '--exit-code', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(5);
    const rows = json<any[]>(res);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('dave-scripts')).toMatchObject({ user: { username: 'dave' }, findings: ['no-expiry'] });
    expect(byName.get('forgotten-integration')).toMatchObject({ user: { username: 'grace' }, findings: ['no-expiry', 'unused'] });
    expect(byName.get('old-deploy-key')).toMatchObject({ user: { username: 'frank' }, findings: ['unused', 'broad'], scopes: ['write_repository'] });
    expect(byName.get('carol-self-rotating')).toMatchObject({ user: { username: 'carol' }, findings: ['expiring'] });
    // Healthy tokens are not listed: used recently, far expiry.
    expect(byName.has('alice-laptop')).toBe(false);
    for (const r of rows) {
      expect(r.user.username, r.name).toMatch(/^[a-z]+$/);
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'name', 'findings', 'scopes', 'created_at', 'last_used_at', 'expires_at']));
    }
    // Grouped by owner.
    const owners = rows.map((r) => r.user.username);
    expect(owners).toEqual([...owners].sort());
    expect(res.stderr).toMatch(/tokens of \d+ owners with findings: \d+ expiring, 2 no-expiry, \d+ unused, \d+ broad/);
    // The owners of the listed tokens are looked up, each once, and no other user.
    const lookups = requestsSince(sb, mark).filter((r) => /^\/api\/v4\/users\/\d+$/.test(r.path));
    expect(lookups.map((r) => r.path).sort()).toEqual([...new Set(rows.map((r) => `/api/v4/users/${r.user_id}`))].sort());
  });

  it('the table groups by owner, with the owner’s username and name first', async () => {
    const res = await forgectl(['token', 'audit'], { env: envFor(sandbox()) });
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.find((r) => r[4] === 'old-deploy-key')?.slice(0, 6)).toEqual(['frank', 'Frank Contractor', 'frank@example.com', expect.any(String), 'old-deploy-key', 'unused broad']);
  });

  it('--fail-on sets the least urgent finding that fails: broad < unused < no-expiry < expiring', async () => {
    const sb = sandbox();
    // A window of one day: nothing expires that soon, so the default (expiring) passes.
    const code = async (...extra: string[]) => (await forgectl(['token', 'audit', '--expiring-within', '1d', '--exit-code', ...extra], { env: envFor(sb) })).exitCode;
    expect(await code()).toBe(0);
    expect(await code('--fail-on', 'no-expiry')).toBe(5);
    expect(await code('--fail-on', 'broad')).toBe(5);
    // bob sees only his own tokens, which are used and expire in time.
    const bob = await forgectl(['token', 'audit', '--exit-code', '--fail-on', 'broad', '--expiring-within', '1d', '-o', 'json'], { env: envFor(sb, 'bob') });
    expect(bob.exitCode, bob.stderr).toBe(0);
    expect(json<any[]>(bob)).toEqual([]);
  });

  it('-o csv writes the audit as data', async () => {
    const res = await run(['token', 'audit', '-o', 'csv']);
    const [header, ...lines] = res.stdout.split('\r\n');
    // The owner's email and the days left, for a mail merge (issue 44).
    expect(header).toBe('user.username,user.name,user.email,id,name,findings,scopes,expires_at,days_left,last_used_at,created_at');
    // Lists as plain text, as a person reads them in a spreadsheet (issue 41), not JSON.
    expect(lines.find((l) => l.includes('old-deploy-key'))).toMatch(/^frank,Frank Contractor,frank@example\.com,\d+,old-deploy-key,unused; broad,write_repository,\d{4}-\d\d-\d\d,60,/);
    expect(lines.find((l) => l.includes('dave-scripts'))).toMatch(/^dave,Dave Lister,dave@example\.com,\d+,dave-scripts,no-expiry,read_api,,none,/);
  });

  it('refuses a bad --fail-on or window before sending anything', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [['--fail-on', 'stale', '--exit-code'], ['--unused-for', 'ages'], ['--fail-on', 'broad']]) {
      const res = await forgectl(['token', 'audit', ...args], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

// Issue 44 item 3: the days left and the owner's email; --user and --exclude-user narrow an audit.
describe('token audit for a mail merge', () => {
  it('has days left (none without an expiry) and the owner’s email in json and the table', async () => {
    const rows = json<any[]>(await run(['token', 'audit', '-o', 'json']));
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('carol-self-rotating')).toMatchObject({ days_left: 30, user: { username: 'carol', email: 'carol@example.com' } });
    expect(byName.get('old-deploy-key')).toMatchObject({ days_left: 60 });
    expect(byName.get('dave-scripts')).toMatchObject({ days_left: null, user: { email: 'dave@example.com' } });
    for (const r of rows) if (r.days_left !== null) expect(r.days_left, r.name).toBeGreaterThanOrEqual(0);
    const table = (await run(['token', 'audit'])).stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(table.find((r) => r[4] === 'dave-scripts')?.slice(7, 9)).toEqual(['', 'none']);
    expect(table.find((r) => r[4] === 'carol-self-rotating')?.[8]).toBe('30');
  });

  it('--user NAME (repeatable) audits only those owners, through the service’s own user filter', async () => {
    const sb = sandbox();
    const grace = sb.state.findUser('grace')!;
    const mark = sb.requests.length;
    const rows = json<any[]>(await run(['token', 'audit', '--user', 'grace', '-o', 'json']));
    expect(rows.map((r) => r.name)).toEqual(['forgotten-integration']);
    const lists = requestsSince(sb, mark).filter((r) => r.path === '/api/v4/personal_access_tokens');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((r) => new URLSearchParams(r.query).get('user_id') === String(grace.id))).toBe(true);
    const two = json<any[]>(await run(['token', 'audit', '--user', 'grace', '--user', 'dave', '-o', 'json']));
    expect(two.map((r) => r.name).sort()).toEqual(['dave-scripts', 'forgotten-integration', 'support-impersonation']);
  });

  it('--exclude-user NAME leaves those owners out', async () => {
    const all = json<any[]>(await run(['token', 'audit', '-o', 'json']));
    const rows = json<any[]>(await run(['token', 'audit', '--exclude-user', 'frank', '--exclude-user', 'carol', '-o', 'json']));
    expect(rows.map((r) => r.id)).toEqual(all.filter((r) => !['frank', 'carol'].includes(r.user.username)).map((r) => r.id));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('an unknown username is exit 3 (not found) naming it; --user with --exclude-user is exit 2 before any request', async () => {
    const sb = sandbox();
    for (const flag of ['--user', '--exclude-user']) {
      const res = await forgectl(['token', 'audit', flag, 'nosuch'], { env: envFor(sb) });
      expect(res.exitCode, flag).toBe(3);
      expect(res.stderr.split('\n')[0]).toBe(`error: ${flag} nosuch: no user named nosuch on ${sb.url}`);
    }
    const mark = sb.requests.length;
    const both = await forgectl(['token', 'audit', '--user', 'dave', '--exclude-user', 'grace'], { env: envFor(sb) });
    expect(both.exitCode).toBe(2);
    expect(requestsSince(sb, mark)).toEqual([]);
  });
});
