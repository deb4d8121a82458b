// `migrate start` in-process: every validation error (exit 2, nothing sent) and the wizard driven
// with typed answers through the context's prompter, against a destination sandbox that reads a
// source sandbox, on a fake clock.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prompter } from '../../src/core/prompt.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/cli.js';
import { FakeClock, runCli, ScriptedPrompter } from '../helpers/harness.js';

let source: Sandbox;
let dest: Sandbox;
// The destination's migrations advance on the same fake clock the client waits on: watching one to
// its end takes no real time.
const clock = new FakeClock();
beforeAll(async () => {
  source = await startSandbox({ seed: 'demo' });
  dest = await startSandbox({ seed: 'demo', now: () => clock.now() });
});
afterAll(async () => {
  await source?.close();
  await dest?.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function runIn(argv: string[], o: { prompt?: Prompter; terminal?: boolean; input?: string; env?: Record<string, string | undefined> } = {}): Promise<Run> {
  const res = await runCli(argv, {
    env: { FORGECTL_URL: dest.url, FORGECTL_TOKEN: dest.tokens.admin, NO_COLOR: '1', ...o.env },
    input: o.input,
    prompt: o.prompt,
    tty: !!o.terminal,
    retryBaseMs: 1,
    clock,
  });
  return { code: res.exitCode, stdout: res.stdout, stderr: res.stderr };
}

const posts = (mark: number) => dest.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');

describe('migrate start: every invalid input is refused before anything is sent (exit 2)', () => {
  const dir = tempDir('forgectl-plan-');
  const planWith = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const base = () => ['migrate', 'start', '--source-url', source.url];
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
    ['-f with --source-url', () => ['migrate', 'start', '-f', 'x.yaml', '--source-url', source.url], '-f/--file and --source-url cannot be used together'],
    ['a missing plan file', () => ['migrate', 'start', '-f', join(dir, 'nope.yaml')], 'cannot read plan file'],
    ['a plan that holds a token', () => ['migrate', 'start', '-f', planWith('secret.yaml', `source:\n  url: ${source.url}\n  access_token: glpat-secret\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n`)], 'contains a token'],
    ['a plan with an unknown key', () => ['migrate', 'start', '-f', planWith('typo.yaml', `source:\n  url: ${source.url}\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource, slgu: x}\n`)], 'entities.0'],
    ['a plan with an unknown kind', () => ['migrate', 'start', '-f', planWith('kind.yaml', `source:\n  url: ${source.url}\nentities:\n  - {kind: user, source: acme, destination_namespace: opensource}\n`)], 'entities.0.kind'],
    ['a plan without entities', () => ['migrate', 'start', '-f', planWith('empty.yaml', `source:\n  url: ${source.url}\nentities: []\n`)], 'at least one entity'],
    ['a plan with a bad source URL', () => ['migrate', 'start', '-f', planWith('url.yaml', 'source:\n  url: old.example.com\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n')], 'source.url'],
    ['a plan with a bad slug', () => ['migrate', 'start', '-f', planWith('slug.yaml', `source:\n  url: ${source.url}\nentities:\n  - {kind: project, source: a/b, destination_namespace: opensource, slug: "-x."}\n`)], 'entities.0: slug'],
    ['a plan whose token variable is unset', () => ['migrate', 'start', '-f', planWith('env.yaml', `source:\n  url: ${source.url}\n  token_env: UNSET_TOKEN\nentities:\n  - {kind: group, source: acme, destination_namespace: opensource}\n`)], 'UNSET_TOKEN is not set'],
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
      const mark = dest.requests.length;
      const srcMark = source.requests.length;
      const res = await runIn(args(), { env: extraEnv, input: '' });
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(res.stderr).toContain(message);
      expect(dest.requests.length).toBe(mark);
      expect(source.requests.length).toBe(srcMark);
    });
  }

  it('a token in a plan file is never echoed', async () => {
    const res = await runIn(['migrate', 'start', '-f', planWith('echo.yaml', `source:\n  url: ${source.url}\n  token: glpat-do-not-print\nentities: []\n`)]);
    expect(res.code).toBe(2);
    expect(res.stderr).not.toContain('glpat-do-not-print');
  });
});

describe('the wizard', () => {
  it('checks each answer as it is typed, saves a plan without the token, sends the request and watches to the end', async () => {
    const dir = tempDir('forgectl-wizard-');
    const planFile = join(dir, 'plan.yaml');
    const prompt = new ScriptedPrompter([
      'old.example.com', `${source.url}/api/v4`, source.url, // source URL: two refused
      '', 'has space', source.tokens.bob, // token: two refused
      'group',
      'https://old.example.com/acme/web', 'acme/web', // source path: a URL is refused
      '/opensource', 'opensource', // destination group
      'bad..slug', '', // slug: refused, then the default (web)
      false, // the group's projects
      true, // another entity
      'project',
      'acme/platform/api',
      'opensource',
      'web', '', // slug: taken by entity 1, then the default (api)
      false, // no more
      true, planFile, '1BAD', 'OLD_TOKEN', // save the plan: a bad variable name is refused
      true, // start
    ]);
    const mark = dest.requests.length;
    const res = await runIn(['migrate', 'start', '--interval', '100ms'], { prompt, terminal: true });
    expect(res.code, res.stderr).toBe(0);

    expect(prompt.refused.map((r) => [r.answer, r.reason])).toEqual([
      ['old.example.com', expect.stringContaining('a URL such as https://')],
      [`${source.url}/api/v4`, expect.stringContaining('without /api/v4')],
      ['', 'a token is required'],
      ['has space', 'a token has no spaces'],
      ['https://old.example.com/acme/web', expect.stringContaining('not a URL')],
      ['/opensource', expect.stringContaining('no leading or trailing slash')],
      ['bad..slug', expect.stringContaining('must not end with . or contain ..')],
      ['web', 'another entity already goes to opensource/web'],
      ['1BAD', expect.stringContaining('not starting with a digit')],
    ]);

    expect(posts(mark).map((p) => p.body)).toEqual([
      {
        configuration: { url: source.url, access_token: source.tokens.bob },
        entities: [
          { source_type: 'group_entity', source_full_path: 'acme/web', destination_slug: 'web', destination_namespace: 'opensource', migrate_projects: false },
          { source_type: 'project_entity', source_full_path: 'acme/platform/api', destination_slug: 'api', destination_namespace: 'opensource' },
        ],
      },
    ]);
    // Summary before the confirmation, then the watch to the end.
    expect(res.stderr).toMatch(/#\s+kind\s+source\s+destination\s+projects/);
    expect(res.stderr).toMatch(/1\s+group\s+acme\/web\s+opensource\/web\s+no/);
    expect(res.stderr).toMatch(/2\s+project\s+acme\/platform\/api\s+opensource\/api\s+-/);
    expect(res.stderr).toMatch(/migration \d+ finished: 2 of 2 finished/);
    expect(res.stdout).toContain('opensource/api');
    expect(res.stdout + res.stderr).not.toContain(source.tokens.bob);

    // The plan file holds everything but the token, and runs the same migration again.
    const text = readFileSync(planFile, 'utf8');
    expect(text).not.toContain(source.tokens.bob);
    expect(parseYaml(text)).toEqual({
      source: { url: source.url, token_env: 'OLD_TOKEN' },
      entities: [
        { kind: 'group', source: 'acme/web', destination_namespace: 'opensource', slug: 'web', migrate_projects: false },
        { kind: 'project', source: 'acme/platform/api', destination_namespace: 'opensource', slug: 'api' },
      ],
    });
    const again = await runIn(['migrate', 'start', '-f', planFile, '--dry-run', '-o', 'json'], { env: { OLD_TOKEN: 'tok-from-env' } });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).body.entities).toEqual((posts(mark)[0].body as { entities: unknown }).entities);
  });

  it('uses --source-url and FORGECTL_SOURCE_TOKEN instead of asking, and sends nothing when the start is declined (exit 130)', async () => {
    const prompt = new ScriptedPrompter(['project', 'acme/web/storefront', 'opensource', 'shop', false, false, false]);
    const mark = dest.requests.length;
    const res = await runIn(['migrate', 'start', '--source-url', source.url], { prompt, terminal: true, env: { FORGECTL_SOURCE_TOKEN: source.tokens.bob } });
    expect(res.code).toBe(130);
    expect(prompt.asked.some((q) => /URL|token/i.test(q))).toBe(false);
    expect(prompt.asked[prompt.asked.length - 1]).toMatch(/^Start migrating this entity\?/);
    expect(res.stderr).toContain('nothing was started');
    expect(dest.requests.length).toBe(mark);
  });

  it('--no-projects skips the projects question for groups', async () => {
    const prompt = new ScriptedPrompter([source.url, source.tokens.bob, 'group', 'acme', 'opensource', 'acme-np', false, false, false]);
    const res = await runIn(['migrate', 'start', '--no-projects', '--dry-run', '-o', 'json'], { prompt, terminal: true });
    expect(res.code, res.stderr).toBe(130);
    expect(prompt.asked.some((q) => /projects too/.test(q))).toBe(false);
  });

  it('is not started without a terminal: exit 2, nothing asked', async () => {
    const prompt = new ScriptedPrompter([]);
    const res = await runIn(['migrate', 'start'], { prompt, terminal: false });
    expect(res.code).toBe(2);
    expect(prompt.asked).toEqual([]);
  });
});
