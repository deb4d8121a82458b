// `forgectl sandbox`, run in-process through the real program (helpers/harness.ts), its output read
// while it serves.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { patSecret, runnersToken } from '../../src/sandbox/secrets.js';
import { startCli } from '../helpers/harness.js';

function runCommand(args: string[]) {
  const run = startCli(['sandbox', ...args]);
  return { ctx: run.ctx, done: run.done, out: run.stdout, err: run.stderr };
}

async function firstLine(read: () => string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = read();
    if (text.includes('\n')) return text.split('\n')[0];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the sandbox printed nothing');
}

describe('forgectl sandbox', () => {
  it('prints one JSON line with the URL and tokens, serves the API, and stops cleanly on Ctrl-C', async () => {
    const run = runCommand(['--port', '0', '-o', 'json']);
    const info = JSON.parse(await firstLine(run.out));
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.tokens)).toEqual(expect.arrayContaining(['admin', 'admin_nosudo', 'alice', 'bob', 'readonly', 'revoked', 'expired', 'oauth_alice', 'job']));
    const res = await fetch(`${info.url}/api/v4/personal_access_tokens/self`, { headers: { 'PRIVATE-TOKEN': info.tokens.admin } });
    expect(res.status).toBe(200);
    expect(run.err()).toContain(`Sandbox listening at ${info.url}`);

    run.ctx.abort.abort();
    await expect(run.done).resolves.toBeDefined();
    expect(run.err()).toContain('Sandbox stopped.');
    await expect(fetch(`${info.url}/api/v4/projects`)).rejects.toThrow();
  });

  it('listening beyond loopback, warns and seeds tokens of its own instead of the well-known ones', async () => {
    const run = runCommand(['--host', '0.0.0.0', '--port', '0', '-o', 'json']);
    const info = JSON.parse(await firstLine(run.out));
    try {
      expect(run.err()).toMatch(/^warning: listening on 0\.0\.0\.0: anyone who can reach this port can use the sandbox's admin API/m);
      // Secrets derived without this start's salt are not the ones of this run.
      expect(info.tokens.admin).not.toBe(patSecret('admin'));
      expect(info.tokens.alice).not.toBe(patSecret('alice'));
      const loopback = info.url.replace('0.0.0.0', '127.0.0.1');
      const mine = await fetch(`${loopback}/api/v4/personal_access_tokens/self`, { headers: { 'PRIVATE-TOKEN': info.tokens.admin } });
      expect(mine.status).toBe(200);
      const known = await fetch(`${loopback}/api/v4/personal_access_tokens/self`, { headers: { 'PRIVATE-TOKEN': patSecret('admin') } });
      expect(known.status).toBe(401);
      const [project] = (await (await fetch(`${loopback}/api/v4/projects?per_page=1&order_by=id&sort=asc`, { headers: { 'PRIVATE-TOKEN': info.tokens.admin } })).json()) as { id: number; runners_token: string }[];
      expect(project.runners_token).not.toBe(runnersToken(project.id));
    } finally {
      run.ctx.abort.abort();
      await run.done;
    }
  });

  it('two sandboxes of one seed have the same tokens by id and name but secrets of their own: one’s admin token is refused (401) by the other', async () => {
    const runs = [runCommand(['--seed', 'random:7', '--port', '0', '-o', 'json']), runCommand(['--seed', 'random:7', '--port', '0', '-o', 'json'])];
    try {
      const [a, b] = await Promise.all(runs.map(async (r) => JSON.parse(await firstLine(r.out)) as { url: string; tokens: Record<string, string>; alerts: { url: string; key: string }[] }));
      expect(Object.keys(a.tokens)).toEqual(Object.keys(b.tokens));
      for (const name of Object.keys(a.tokens)) expect(a.tokens[name], name).not.toBe(b.tokens[name]);
      expect(a.alerts.map((x) => x.key)).not.toEqual(b.alerts.map((x) => x.key));
      const self = (sb: { url: string }, token: string) => fetch(`${sb.url}/api/v4/personal_access_tokens/self`, { headers: { 'PRIVATE-TOKEN': token } });
      expect((await self(b, a.tokens.admin)).status).toBe(401);
      expect((await self(a, b.tokens.admin)).status).toBe(401);
      // Otherwise the same instance: the admin token has one id and name on both.
      const [mine, theirs] = await Promise.all([self(a, a.tokens.admin), self(b, b.tokens.admin)]);
      const pick = async (res: Response) => {
        const t = (await res.json()) as { id: number; name: string; created_at: string };
        return { id: t.id, name: t.name, created_at: t.created_at.slice(0, 10) };
      };
      expect(await pick(mine)).toEqual(await pick(theirs));
    } finally {
      for (const r of runs) r.ctx.abort.abort();
      await Promise.all(runs.map((r) => r.done));
    }
  });

  it('prints the URL and a name/token table by default, and stops on SIGTERM', async () => {
    const before = process.listenerCount('SIGTERM');
    const run = runCommand(['--seed', 'empty', '--extra-projects', '3']);
    const line = await firstLine(run.out);
    expect(line).toMatch(/^URL: http:\/\/127\.0\.0\.1:\d+$/);
    // The table may come in a later write than the URL: wait for its first row.
    await firstLine(() => run.out().split('\n').slice(1).join('\n'));
    expect(run.out().split('\n')[1]).toMatch(/^admin\tglpat-\S+$/);
    const url = line.slice('URL: '.length);
    const listed = await fetch(`${url}/api/v4/projects`, { headers: { 'PRIVATE-TOKEN': run.out().split('\n')[1].split('\t')[1] } });
    expect(((await listed.json()) as unknown[]).length).toBe(3);

    // Call the command's own SIGTERM handler rather than signalling the test runner.
    const handler = process.listeners('SIGTERM').at(-1) as () => void;
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    handler();
    await run.done;
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('refuses bad options with a usage error (exit 2) before starting anything', async () => {
    for (const args of [['--seed', 'full'], ['--seed', 'random:'], ['--seed', 'random:x'], ['--seed', 'random:99999999999'], ['--port', '70000'], ['--latency', '-5'], ['--fault', '418:1'], ['--fault', '503'], ['--clock-speed', '0'], ['--extra-projects', 'many'], ['--setting-names', 'brand']]) {
      const res = await runCommand(args).done;
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr, args.join(' ')).toMatch(/^error: /);
      expect(res.stdout).toBe('');
    }
  });

  it('--setting-names spec reports the settings by the spec’s names, and takes only those', async () => {
    const run = runCommand(['--setting-names', 'spec', '-o', 'json']);
    const info = JSON.parse(await firstLine(run.out));
    try {
      const headers = { 'PRIVATE-TOKEN': info.tokens.admin, 'Content-Type': 'application/json' };
      const settings = (await (await fetch(`${info.url}/api/v4/application/settings`, { headers })).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ spam_service_enabled: false, avatar_lookup_enabled: expect.any(Boolean) });
      expect(settings).not.toHaveProperty('akismet_enabled');
      // The service's name is a parameter it does not know: ignored. The spec's is taken.
      const ignored = await fetch(`${info.url}/api/v4/application/settings`, { method: 'PUT', headers, body: JSON.stringify({ gravatar_enabled: !settings.avatar_lookup_enabled }) });
      expect(((await ignored.json()) as Record<string, unknown>).avatar_lookup_enabled).toBe(settings.avatar_lookup_enabled);
      const taken = await fetch(`${info.url}/api/v4/application/settings`, { method: 'PUT', headers, body: JSON.stringify({ avatar_lookup_enabled: !settings.avatar_lookup_enabled }) });
      expect(((await taken.json()) as Record<string, unknown>).avatar_lookup_enabled).toBe(!settings.avatar_lookup_enabled);
      // Its errors name the spec's names too.
      const missing = await fetch(`${info.url}/api/v4/application/settings`, { method: 'PUT', headers, body: JSON.stringify({ spam_service_enabled: true }) });
      expect(missing.status).toBe(400);
      expect(JSON.stringify(await missing.json())).toContain('spam_service_api_key is missing');
    } finally {
      run.ctx.abort.abort();
      await run.done;
    }
  });

  it('--seed random picks a number and prints it, so the same instance can be started again', async () => {
    const run = runCommand(['--seed', 'random', '-o', 'json']);
    await firstLine(run.out);
    expect(run.err()).toMatch(/Seed random:(\d+) \(start with --seed random:\1 for the same instance\)/);
    run.ctx.abort.abort();
    await run.done;
  });

  it('says so when the port is taken', async () => {
    const other = await startSandbox({ seed: 'empty' });
    try {
      const res = await runCommand(['--port', String(other.port)]).done;
      expect(res.exitCode).not.toBe(0);
      expect(res.stderr).toMatch(/already in use/);
    } finally {
      await other.close();
    }
  });

  it('loads the simulator only when the command runs', () => {
    const source = readFileSync(new URL('../../src/commands/sandbox.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import[^;]*from '\.\.\/sandbox/m);
    expect(source).toContain("await import('../sandbox/index.js')");
  });
});
