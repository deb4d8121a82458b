// `migrate start` in-process: every validation error (exit 2, nothing sent) and the wizard driven
// with typed answers through the context's prompter, against a destination sandbox that reads a
// source sandbox.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/core/errors.js';
import { tempDir } from '../helpers/cli.js';
import { runCli, ScriptedPrompter, type CliRun, type TestContextOptions } from '../helpers/harness.js';
import { envFor, profileWith, useMigrationSandboxes } from '../helpers/sandbox.js';

const { source, dest } = useMigrationSandboxes();

/** `forgectl ARGV` in-process as the destination's administrator; retries kept quick. */
function runIn(argv: string[], o: Pick<TestContextOptions, 'prompt' | 'tty' | 'input' | 'env'> = {}): Promise<CliRun> {
  return runCli(argv, { retryBaseMs: 1, ...o, env: envFor(dest(), 'admin', { NO_COLOR: '1', ...o.env }) });
}

const posts = (mark: number) => dest().requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');

describe('migrate start: every invalid input is refused before anything is sent (exit 2)', () => {
  const dir = tempDir('forgectl-plan-');
  const planWith = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const base = () => ['migrate', 'start', '--source-url', source().url];
  const cases: [string, () => string[], string, Record<string, string>?][] = [
    ['no entities without a terminal', () => base(), 'nothing to migrate'],
    ['a malformed --entity', () => [...base(), '--entity', 'group:acme'], 'expected KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG]'],
    ['an unknown kind', () => [...base(), '--entity', 'repo:acme=opensource'], 'KIND must be group or project'],
    ['a URL as source path', () => [...base(), '--entity', 'group:https://gitlab.com/acme=opensource'], 'not a URL'],
    ['a source path with doubled special characters', () => [...base(), '--entity', 'group:acme/a--b=opensource'], 'source path: each path segment'],
    ['a bad destination namespace', () => [...base(), '--entity', 'group:acme=/opensource/'], 'destination namespace: no leading or trailing slash'],
    ['a slug the service refuses', () => [...base(), '--entity', 'group:acme=opensource:bad..slug'], 'slug "bad..slug"'],
    ['a slug ending with a period', () => [...base(), '--entity', 'project:a/b=opensource:end.'], 'slug "end."'],
    ['a slug with a slash', () => [...base(), '--entity', 'group:acme=opensource:a/b'], 'without /'],
    ['two entities to one destination', () => [...base(), '--entity', 'group:acme=opensource:x', '--entity', 'project:a/x=opensource'], 'two entities would be imported to opensource/x'],
    ['--no-projects with projects only', () => [...base(), '--entity', 'project:a/x=opensource', '--no-projects'], '--no-projects applies to group entities'],
    ['a ,no-projects suffix on a project', () => [...base(), '--entity', 'project:a/x=opensource,no-projects'], ',projects and ,no-projects apply to group entities only'],
    ['--entity without --source-url', () => ['migrate', 'start', '--entity', 'group:acme=opensource'], '--source-url is required'],
    ['a source URL that is not one', () => ['migrate', 'start', '--source-url', 'gitlab.example.com', '--entity', 'group:acme=opensource'], 'a URL such as https://'],
    ['a source URL with credentials', () => ['migrate', 'start', '--source-url', 'https://u:p@old.example.com', '--entity', 'group:acme=opensource'], 'do not put credentials in the URL'],
    ['a source URL with /api/v4', () => ['migrate', 'start', '--source-url', 'https://old.example.com/api/v4', '--entity', 'group:acme=opensource'], 'without /api/v4'],
    ['an ftp source URL', () => ['migrate', 'start', '--source-url', 'ftp://old.example.com', '--entity', 'group:acme=opensource'], 'must start with https://'],
    ['no source token', () => [...base(), '--entity', 'group:acme=opensource'], 'the source token is missing'],
    ['an empty token variable', () => [...base(), '--entity', 'group:acme=opensource', '--source-token-env', 'NOPE'], 'NOPE is not set or empty'],
    ['stdin and env for the token', () => [...base(), '--entity', 'group:acme=opensource', '--source-token-env', 'X', '--source-token-stdin'], 'cannot be used together'],
    ['nothing on stdin', () => [...base(), '--entity', 'group:acme=opensource', '--source-token-stdin'], 'no source token on standard input'],
    ['-f with --entity', () => ['migrate', 'start', '-f', 'x.yaml', '--entity', 'group:acme=opensource'], '-f/--file and --entity cannot be used together'],
    ['-f with --source-url', () => ['migrate', 'start', '-f', 'x.yaml', '--source-url', source().url], '-f/--file and --source-url cannot be used together'],
    ['a missing plan file', () => ['migrate', 'start', '-f', join(dir, 'nope.yaml')], 'cannot read plan file'],
    ['a plan that holds a token', () => ['migrate', 'start', '-f', planWith('secret.yaml', `source:\n  url: ${source().url}\n  access_token: glpat-secret\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n`)], 'contains a token'],
    ['a plan with an unknown key', () => ['migrate', 'start', '-f', planWith('typo.yaml', `source:\n  url: ${source().url}\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource, slgu: x}\n`)], 'entities.0'],
    ['a plan with an unknown kind', () => ['migrate', 'start', '-f', planWith('kind.yaml', `source:\n  url: ${source().url}\nentities:\n  - {kind: user, source: acme, destination_namespace: opensource}\n`)], 'entities.0.kind'],
    ['a plan without entities', () => ['migrate', 'start', '-f', planWith('empty.yaml', `source:\n  url: ${source().url}\nentities: []\n`)], 'at least one entity'],
    ['a plan with a bad source URL', () => ['migrate', 'start', '-f', planWith('url.yaml', 'source:\n  url: old.example.com\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n')], 'source.url'],
    ['a plan with a bad slug', () => ['migrate', 'start', '-f', planWith('slug.yaml', `source:\n  url: ${source().url}\nentities:\n  - {kind: project, source: a/b, destination_namespace: opensource, slug: "-x."}\n`)], 'entities.0: slug'],
    ['a plan whose token variable is unset', () => ['migrate', 'start', '-f', planWith('env.yaml', `source:\n  url: ${source().url}\n  token_env: UNSET_TOKEN\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n`)], 'UNSET_TOKEN is not set'],
    ['migrate_projects on a project entity of a plan', () => ['migrate', 'start', '-f', planWith('mp.yaml', `source:\n  url: ${source().url}\nentities:\n  - {kind: project, source: a/b, destination_namespace: opensource, migrate_projects: false}\n`)], 'entities.0: migrate_projects applies to group entities only'],
    ['an empty plan file', () => ['migrate', 'start', '-f', planWith('blank.yaml', '')], 'plan file'],
    ['a watch timeout beyond ten years', () => ['migrate', 'watch', '1', '--timeout', '99999999999d'], '--timeout must be at most 3650d'],
    ['a plan that is not YAML', () => ['migrate', 'start', '-f', planWith('broken.yaml', 'source: [\n')], 'not valid YAML'],
    ['a poll interval too short', () => [...base(), '--entity', 'group:acme=opensource', '--watch', '--interval', '10ms'], '--interval must be at least 100ms'],
    ['a bad watch timeout', () => [...base(), '--entity', 'group:acme=opensource', '--watch-timeout', 'soon'], '--watch-timeout must be a duration'],
    ['list with an unknown status', () => ['migrate', 'list', '--status', 'done'], '--status'],
    ['entities with an unknown sort', () => ['migrate', 'entities', '--sort', 'up'], '--sort'],
    ['a migration id that is not a number', () => ['migrate', 'get', 'abc'], 'migration id'],
    ['an entity id that is not a number', () => ['migrate', 'failures', '1', 'x'], 'entity id'],
    ['a zero watch timeout', () => ['migrate', 'watch', '1', '--timeout', '0s'], '--timeout must be more than zero'],
  ];
  for (const [what, args, message, extraEnv] of cases) {
    it(what, async () => {
      const mark = dest().requests.length;
      const srcMark = source().requests.length;
      const res = await runIn(args(), { env: extraEnv, input: '' });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(res.stderr).toContain(message);
      expect(dest().requests.length).toBe(mark);
      expect(source().requests.length).toBe(srcMark);
    });
  }

  it('a token in a plan file is never echoed', async () => {
    const res = await runIn(['migrate', 'start', '-f', planWith('echo.yaml', `source:\n  url: ${source().url}\n  token: glpat-do-not-print\nentities: []\n`)]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).not.toContain('glpat-do-not-print');
  });
});

describe('the wizard', () => {
  it('checks each answer as it is given, saves a plan without the token, sends the request and watches to the end', async () => {
    const dir = tempDir('forgectl-wizard-');
    const planFile = join(dir, 'plan.yaml');
    const prompt = new ScriptedPrompter([
      'old.example.com', `${source().url}/api/v4`, source().url, // source URL: two refused
      '', 'has space', source().tokens.bob, // token: two refused
      'acme/web', // found by the search of the source
      'opensource', // a destination group the administrator may create in
      'bad..slug', '', // slug: refused, then the default (web)
      false, // the group's projects
      true, // another entity
      'acme/platform/api',
      'opensource',
      'web', '', // slug: taken by entity 1, then the default (api)
      false, // no more
      'save-start', planFile, '1BAD', 'OLD_TOKEN', // save the plan: a bad variable name is refused
      true, // watch
    ]);
    const mark = dest().requests.length;
    const res = await runIn(['migrate', 'start', '--interval', '100ms'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(0);

    expect(prompt.refused.map((r) => [r.answer, r.reason])).toEqual([
      ['old.example.com', expect.stringContaining('a URL such as https://')],
      [`${source().url}/api/v4`, expect.stringContaining('without /api/v4')],
      ['', 'a token is required'],
      ['has space', 'a token has no spaces'],
      ['bad..slug', expect.stringContaining('must not end with . or contain ..')],
      ['web', 'another entity already goes to opensource/web'],
      ['1BAD', expect.stringContaining('not starting with a digit')],
    ]);
    expect(res.stderr).toContain(`Signed in to ${source().url} as @bob`);
    expect(res.stderr).toMatch(/scopes api; expires \d{4}-\d\d-\d\d/);
    // The search shows full path, kind and visibility.
    expect(prompt.offered[0].choices[0]).toMatchObject({ value: 'group:acme/web', name: 'acme/web  (group, public)' });

    expect(posts(mark).map((p) => p.body)).toEqual([
      {
        configuration: { url: source().url, access_token: source().tokens.bob },
        entities: [
          { source_type: 'group_entity', source_full_path: 'acme/web', destination_slug: 'web', destination_namespace: 'opensource', migrate_projects: false },
          { source_type: 'project_entity', source_full_path: 'acme/platform/api', destination_slug: 'api', destination_namespace: 'opensource' },
        ],
      },
    ]);
    // Summary before the question, then the watch to the end.
    expect(res.stderr).toMatch(/#\s+kind\s+source → destination\s+projects/);
    expect(res.stderr).toMatch(/1\s+group\s+acme\/web → opensource\/web\s+no/);
    expect(res.stderr).toMatch(/2\s+project\s+acme\/platform\/api → opensource\/api\s+-/);
    expect(res.stderr).toMatch(/watch again with: forgectl migrate watch \d+/);
    expect(res.stderr).toMatch(/migration \d+ finished: 2 of 2 finished/);
    expect(res.stdout).toContain('opensource/api');
    expect(res.stdout + res.stderr).not.toContain(source().tokens.bob);

    // The plan file holds everything but the token, and runs the same migration again.
    const text = readFileSync(planFile, 'utf8');
    expect(text).not.toContain(source().tokens.bob);
    expect(parseYaml(text)).toEqual({
      source: { url: source().url, token_env: 'OLD_TOKEN' },
      entities: [
        { kind: 'group', source: 'acme/web', destination_namespace: 'opensource', slug: 'web', migrate_projects: false },
        { kind: 'project', source: 'acme/platform/api', destination_namespace: 'opensource', slug: 'api' },
      ],
    });
    const again = await runIn(['migrate', 'start', '-f', planFile, '--dry-run', '--no-check', '-o', 'json'], { env: { OLD_TOKEN: 'tok-from-env' } });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).body.entities).toEqual((posts(mark)[0].body as { entities: unknown }).entities);
  });

  it('asks the URL again when the source cannot be reached, and the token again when refused or without api', async () => {
    const prompt = new ScriptedPrompter([
      'http://127.0.0.1:1', // nothing listens there
      source().tokens.bob,
      source().url,
      source().tokens.revoked, // refused (401)
      source().tokens.readonly, // read_api only
      source().tokens.bob,
      'acme/web', 'opensource', 'wiz-check', true, false, 'cancel',
    ]);
    const mark = dest().requests.length;
    const res = await runIn(['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode).toBe(130);
    expect(prompt.asked.filter((q) => q.startsWith('Source instance URL'))).toHaveLength(2);
    expect(prompt.asked.filter((q) => q.startsWith('Access token on'))).toHaveLength(4);
    expect(res.stderr).toContain('cannot reach http://127.0.0.1:1');
    // The check is a probe: one attempt, then the question again (no "after N attempts").
    expect(res.stderr).not.toMatch(/cannot reach http:\/\/127\.0\.0\.1:1[^\n]*attempts/);
    expect(res.stderr).toContain(`${source().url} refused the token (401)`);
    expect(res.stderr).toContain('the token of @carol has the scopes read_api; a migration needs api');
    expect(res.stderr).toContain(`Signed in to ${source().url} as @bob`);
    for (const t of [source().tokens.bob, source().tokens.revoked, source().tokens.readonly]) expect(res.stderr).not.toContain(t);
    expect(res.stderr).toContain('nothing was started');
    expect(posts(mark)).toHaveLength(0);
  });

  it('the first question takes the name of a saved profile: its URL and token, no token asked', async () => {
    const configDir = await profileWith(source(), 'bob', 'old');
    const prompt = new ScriptedPrompter(['old', 'acme/web', 'opensource', 'wiz-profile', true, false, 'cancel']);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true, env: { FORGECTL_CONFIG_DIR: configDir } });
    expect(res.exitCode).toBe(130);
    expect(prompt.asked[0]).toBe('Source instance URL (or the name of a saved profile of it)');
    expect(prompt.asked.some((q) => q.startsWith('Access token on'))).toBe(false);
    expect(res.stderr).toContain(`Signed in to ${source().url} as @bob`);
    expect(res.stderr).not.toContain(source().tokens.bob);
  });

  it('a source URL answered by a failing proxy is tried once, explained, and asked again', async () => {
    let hits = 0;
    const proxy = createServer((_req, res) => {
      hits++;
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const bad = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      const prompt = new ScriptedPrompter([bad, source().tokens.bob, source().url, source().tokens.bob, 'acme/web', 'opensource', 'wiz-proxy', true, false, 'cancel']);
      const res = await runIn(['migrate', 'start'], { prompt, tty: true });
      expect(res.exitCode).toBe(130);
      expect(prompt.asked.filter((q) => q.startsWith('Source instance URL'))).toHaveLength(2);
      expect(res.stderr).toContain(`${bad} does not answer as a GitLab API v4 instance (502 Bad Gateway`);
      expect(res.stderr).toContain(`Signed in to ${source().url} as @bob`);
      // GET /personal_access_tokens/self once: a 502 is not retried while someone waits on the answer.
      expect(hits).toBe(1);
    } finally {
      proxy.close();
    }
  });

  it('a token preset by FORGECTL_SOURCE_TOKEN that the source refuses is asked for instead', async () => {
    const prompt = new ScriptedPrompter([source().tokens.bob, 'acme/web', 'opensource', 'wiz-preset', true, false, 'cancel']);
    const res = await runIn(['migrate', 'start', '--source-url', source().url], { prompt, tty: true, env: { FORGECTL_SOURCE_TOKEN: source().tokens.expired } });
    expect(res.exitCode).toBe(130);
    expect(prompt.asked[0]).toMatch(/^Access token on/);
    expect(res.stderr).toContain('refused the token (401)');
  });

  it('a source path that does not exist is said at once and asked again; a typed path that exists is taken', async () => {
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acmex', 'acme/platform/infra', 'opensource', '', true, false, 'cancel']);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode).toBe(130);
    expect(prompt.refused).toEqual([{ message: expect.stringMatching(/^Entity 1: group or project/), answer: 'acmex', reason: `acmex: no group or project with this path on ${source().url} (or the token cannot see it)` }]);
    // A path typed in full that exists is taken.
    expect(res.stderr).toMatch(/1\s+group\s+acme\/platform\/infra → opensource\/infra/);
  });

  it('the destination group must exist and let you create in it', async () => {
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme/web', 'imported', 'opensource', 'acme', 'wiz-alice', false, false, 'cancel']);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true, env: { FORGECTL_TOKEN: dest().tokens.alice } });
    expect(res.exitCode).toBe(130);
    expect(prompt.refused.map((r) => [r.answer, r.reason])).toEqual([
      ['imported', `imported: no such group on ${dest().url} (create it first, or pick one of the list)`],
      ['opensource', `you may not create groups or projects in opensource on ${dest().url} (the Maintainer role or more is needed)`],
    ]);
    // alice (Developer in opensource, Owner of acme) is offered only the groups she may create in.
    const offered = prompt.offered.filter((o) => o.message.includes('destination group')).flatMap((o) => o.choices.map((c) => c.value));
    expect(offered).toContain('acme');
    expect(offered.filter((v) => v === 'opensource')).toEqual([]);
  });

  it('a path already taken on the destination is named with a free slug offered', async () => {
    // acme/web exists on the destination too.
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme/web', 'acme', 'web', '', false, false, 'cancel']);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode).toBe(130);
    expect(res.stderr).toContain(`acme/web is taken on ${dest().url} (a group); web-2 is free.`);
    expect(prompt.refused).toEqual([{ message: expect.stringMatching(/destination slug/), answer: 'web', reason: `acme/web already exists on ${dest().url} (a group); web-2 is free` }]);
    expect(res.stderr).toMatch(/1\s+group\s+acme\/web → acme\/web-2\s+no/);
  });

  it('the summary counts the projects a group brings; saving only writes the plan and starts nothing', async () => {
    const dir = tempDir('forgectl-wizard-');
    const planFile = join(dir, 'only.yaml');
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme/web', 'opensource', 'wiz-only', true, false, 'save', planFile, '']);
    const mark = dest().requests.length;
    const res = await runIn(['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/1\s+group\s+acme\/web → opensource\/wiz-only\s+9\b/);
    expect(parseYaml(readFileSync(planFile, 'utf8')).source).toEqual({ url: source().url, token_env: 'SOURCE_TOKEN' });
    expect(posts(mark)).toHaveLength(0);
  });

  it('watching may be declined: the command that follows the migration is printed', async () => {
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme/platform/api', 'opensource', 'wiz-nowatch', false, 'start', false]);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Follow it with: forgectl migrate watch \d+/);
    expect(res.stderr).not.toMatch(/finished: \d+ of \d+/);
  });

  it('Ctrl-C at any question exits 130 with nothing sent and no file written', async () => {
    const dir = tempDir('forgectl-wizard-');
    const answers = [source().url, source().tokens.bob, 'acme/web', 'opensource', 'wiz-int', true, false, 'save-start', join(dir, 'never.yaml')];
    for (let at = 0; at < answers.length; at++) {
      const prompt = new ScriptedPrompter(answers.slice(0, at));
      // The prompter runs out of answers where the user pressed Ctrl-C: that is what the terminal prompter throws then.
      const interrupted = new Proxy(prompt, {
        get(target, key, recv) {
          const v = Reflect.get(target, key, recv);
          if (typeof v !== 'function') return v;
          return async (...args: unknown[]) => {
            try {
              return await v.apply(target, args);
            } catch (e) {
              if ((e as Error).message.startsWith('unexpected prompt')) throw new CancelledError('cancelled at the prompt');
              throw e;
            }
          };
        },
      });
      const mark = dest().requests.length;
      const res = await runIn(['migrate', 'start'], { prompt: interrupted, tty: true });
      expect(res.exitCode, `Ctrl-C at answer ${at}: ${res.stderr}`).toBe(130);
      expect(posts(mark)).toHaveLength(0);
      expect(existsSync(join(dir, 'never.yaml'))).toBe(false);
    }
  });

  it('Ctrl-C at the watch question after the start: exit 130, the migration goes on and the command to follow it is printed', async () => {
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme/platform/api', 'opensource', 'wiz-ctrlc-watch', false, 'start']);
    const interrupted = Object.assign(Object.create(prompt) as ScriptedPrompter, {
      confirm: async (message: string) => {
        if (message.startsWith('Watch the migration')) throw new CancelledError('cancelled at the prompt');
        return prompt.confirm(message);
      },
    });
    const mark = dest().requests.length;
    const res = await runIn(['migrate', 'start'], { prompt: interrupted, tty: true });
    expect(res.exitCode).toBe(130);
    expect(posts(mark)).toHaveLength(1);
    expect(res.stderr).toMatch(/The migration goes on\. Follow it with: forgectl migrate watch \d+/);
  });

  it('a destination token that is refused ends the wizard before any question (exit 4)', async () => {
    const prompt = new ScriptedPrompter([]);
    const res = await runIn(['migrate', 'start'], { prompt, tty: true, env: { FORGECTL_TOKEN: dest().tokens.revoked } });
    expect(res.exitCode).toBe(4);
    expect(prompt.asked).toEqual([]);
  });

  it('--no-projects skips the projects question for groups', async () => {
    const prompt = new ScriptedPrompter([source().url, source().tokens.bob, 'acme', 'opensource', 'acme-np', false, 'cancel']);
    const res = await runIn(['migrate', 'start', '--no-projects', '--dry-run', '-o', 'json'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(130);
    expect(prompt.asked.some((q) => /projects too/.test(q))).toBe(false);
  });

  it('is not started without a terminal: exit 2, nothing asked', async () => {
    const prompt = new ScriptedPrompter([]);
    const res = await runIn(['migrate', 'start'], { prompt, tty: false });
    expect(res.exitCode).toBe(2);
    expect(prompt.asked).toEqual([]);
  });
});
