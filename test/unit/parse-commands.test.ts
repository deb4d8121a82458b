// Parse-only tests, in the way gh tests its commands without running them: argv goes through the real
// program (helpers/harness.ts parseCli), which stops before the command runs and hands back the
// options object the command would receive — or the exit-2 message. No server, no request.

import { describe, expect, it } from 'vitest';
import { docsProgram } from '../../src/docs/generate.js';
import { commandTree, leafCommands } from '../../src/docs/tree.js';
import { parseCli } from '../helpers/harness.js';

/** Splits an example like a shell would, enough for flags and quoted words. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The forgectl command lines of an example (`a | forgectl x > f; forgectl y` → x, y), without redirections. */
function commandLines(example: string): string[][] {
  return example
    .split(/\s*(?:;|\||&&)\s*/)
    .map((part) => part.replace(/\s*(?:\d?[<>]|<\().*$/, ''))
    .filter((part) => /^(?:\w+=\S*\s+)*forgectl\s/.test(`${part} `))
    .map((part) => words(part.replace(/^(?:\w+=\S*\s+)*forgectl\b/, '')));
}

describe('every command parses an example of its own', () => {
  const leaves = leafCommands(commandTree(docsProgram()));

  // One example per command (the first that names it) keeps this quick; test/docs/help.test.ts
  // checks every example's words and flags against the tree.
  it.each(leaves.map((c) => [c.path.join(' '), c] as const))('%s', async (name, node) => {
    const lines = node.examples.filter((e) => !e.startsWith('#')).flatMap(commandLines);
    const own = lines.find((argv) => {
      const words = argv.filter((w) => !w.startsWith('-'));
      return node.path.every((p, i) => words[i] === p || (i === node.path.length - 1 && node.aliases.includes(words[i])));
    });
    expect(own, `${name}: no example runs this command`).toBeDefined();
    const res = await parseCli(own!);
    expect(res.exitCode, `${own!.join(' ')}\n${res.stderr}`).toBe(0);
    expect(res.parsed?.path.join(' ')).toBe(name);
  });
});

// Specific command lines → the options object, or the usage error. Options that are not given are
// absent; globals are checked where a command's own option shares their name.
const PARSES: [string, string[], { opts?: Record<string, unknown>; args?: string[]; globals?: Record<string, unknown> }][] = [
  ['token rotate', ['token', 'rotate', '42', '--expires-in', '30d', '--no-save'], { opts: { expiresIn: '30d', save: false }, args: ['42'] }],
  ['token rotate', ['token', 'rotate', 'self', '--force', '-o', 'json'], { opts: { force: true }, args: ['self'], globals: { output: 'json' } }],
  ['token create', ['token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--scope', 'read_user', '--expires-in', '30d'], { opts: { user: 'alice', name: 'drift', scope: ['read_api', 'read_user'], expiresIn: '30d' } }],
  ['token list', ['token', 'ls', '--state', 'active', '--all'], { opts: { state: 'active' }, globals: { all: true } }],
  ['token revoke', ['token', 'revoke', '--where', 'no-expiry', '--own-token', '42', '--yes'], { opts: { where: ['no-expiry'], ownToken: '42' }, globals: { yes: true } }],
  ['token revoke', ['token', 'revoke', '--where', 'no-expiry', '--where', 'unused:90d', '--exclude-user', 'ci-bot', '--exclude-user', 'backup'], { opts: { where: ['no-expiry', 'unused:90d'], excludeUser: ['ci-bot', 'backup'] } }],
  ['token revoke', ['token', 'revoke', '12', '13', 'self'], { opts: {}, args: ['12', '13', 'self'] }],
  ['token audit', ['token', 'audit', '--user', 'alice', '--user', 'bob', '-o', 'csv'], { opts: { user: ['alice', 'bob'] }, globals: { output: 'csv' } }],
  ['hooks create', ['hooks', 'create', '--url', 'https://h.example/x', '--no-push-events'], { opts: { url: 'https://h.example/x', pushEvents: false }, globals: { url: undefined } }],
  ['hooks create', ['--url', 'https://gitlab.example.com', 'hooks', 'create', '--url', 'https://h.example/x'], { opts: { url: 'https://h.example/x' }, globals: { url: 'https://gitlab.example.com' } }],
  ['hooks create', ['hooks', 'create', '--url', 'https://h.example/x', '--ssl-verification'], { opts: { url: 'https://h.example/x', sslVerification: true }, globals: { url: undefined } }],
  ['hooks create', ['hooks', 'create', '--url', 'https://h.example/x', '--no-ssl-verification'], { opts: { url: 'https://h.example/x', sslVerification: false }, globals: { url: undefined } }],
  ['alerts send', ['alerts', 'send', '--url', 'https://a.example/n.json', '--title', 'T', '--field', 'a=1', '--field', 'b=2'], { opts: { url: 'https://a.example/n.json', title: 'T', field: ['a=1', 'b=2'] }, globals: { url: undefined } }],
  ['dashboards unstar', ['dashboards', 'unstar', 'acme/api', '--all'], { opts: { all: true }, args: ['acme/api'], globals: { all: false } }],
  ['migrate watch', ['migrate', 'watch', '12', '--timeout', '6h', '--interval', '30s'], { opts: { timeout: '6h', interval: '30s' }, args: ['12'], globals: { timeout: 30 } }],
  ['migrate watch', ['--timeout', '10', 'migrate', 'watch', '12'], { opts: {}, args: ['12'], globals: { timeout: 10 } }],
  ['profile add', ['profile', 'add', 'work', '--url', 'https://g.example', '--token-stdin', '--insecure'], { opts: { url: 'https://g.example', tokenStdin: true, insecure: true, tokenType: 'personal', verify: true }, args: ['work'], globals: { url: undefined, insecure: false } }],
  ['mr list', ['mr', 'list', '--project', 'acme/api', '--state', 'opened', '--no-draft'], { opts: { project: 'acme/api', state: 'opened', draft: false } }],
  ['mr merge', ['mr', 'merge', 'acme/api', '12', '--squash', '--dry-run'], { opts: { squash: true }, args: ['acme/api', '12'], globals: { dryRun: true } }],
  ['discussion create', ['discussion', 'create', 'acme/api', '3', '--type', 'snippet', '--body', 'hi'], { opts: { type: 'snippet', body: 'hi' }, args: ['acme/api', '3'] }],
  ['discussion list', ['discussion', 'list', 'acme/api#3'], { opts: { type: 'issue' }, args: ['acme/api#3'] }],
  ['projects list', ['projects', 'list', '--visibility', 'private', '--archived', '--per-page', '50'], { opts: { visibility: 'private', archived: true }, globals: { perPage: 50 } }],
  ['state plan', ['state', 'plan', '-f', 'instance.yaml', '--prune', '--exit-code'], { opts: { file: ['instance.yaml'], prune: true, secrets: true, exitCode: true } }],
  ['state plan', ['state', 'plan', '-f', 'base.yaml', '-f', '?instances/{profile}.yaml'], { opts: { file: ['base.yaml', '?instances/{profile}.yaml'], secrets: true } }],
  ['state apply', ['state', 'apply', '-f', 'instance.yaml', '--yes', '--dry-run'], { opts: { file: ['instance.yaml'] }, globals: { yes: true, dryRun: true } }],
  ['state apply', ['state', 'apply', '-f', 'i.yaml', '--replace', 'system_hooks[https://a.example/h]', '--replace', 'system_hooks[https://b.example/h]'], { opts: { file: ['i.yaml'], replace: ['system_hooks[https://a.example/h]', 'system_hooks[https://b.example/h]'] } }],
  ['state export', ['state', 'export', '--only', 'settings,groups', '--groups', 'acme,acme/platform'], { opts: { only: 'settings,groups', groups: 'acme,acme/platform' } }],
  ['settings diff', ['settings', 'diff', '-f', 'settings.yaml', '--exit-code'], { opts: { file: 'settings.yaml', exitCode: true } }],
  ['licenses', ['licenses'], { opts: {}, args: [] }],
  ['token self', ['--inventory', 'inv.yaml', '--all-profiles', 'token', 'self'], { globals: { inventory: 'inv.yaml', allProfiles: true } }],
  ['profile list', ['profile', 'list', '--inventory', 'inv.yaml'], { globals: { inventory: 'inv.yaml' } }],
];

describe('command lines parse to the options the command receives', () => {
  it.each(PARSES)('%s: %j', async (name, argv, want) => {
    const res = await parseCli(argv);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.parsed!.path.join(' ')).toBe(name);
    if (want.opts) expect(res.parsed!.opts).toEqual(want.opts);
    if (want.args) expect(res.parsed!.args).toEqual(want.args);
    const globals = res.parsed!.globals as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(want.globals ?? {})) expect(globals[k], k).toEqual(v);
  });
});

const REFUSED: [string[], RegExp][] = [
  [['token', 'list', '--state', 'gone'], /--state <state>' argument 'gone' is invalid. Allowed choices are active, inactive/],
  [['token', 'rotate', '1', '--expires'], /unknown option '--expires'/],
  [['token', 'create', '--user', 'alice', '--name', 'drift'], /required option '--scope <scope>' not specified/],
  // A global option after the command is suggested too, as long as the command honours it (issue 42.5).
  [['token', 'list', '--all-profile'], /unknown option '--all-profile'\n\(Did you mean --all-profiles\?\)/],
  [['projects', 'list', '--outptu', 'json'], /unknown option '--outptu'\n\(Did you mean --output\?\)/],
  [['hooks', 'create', '--name', 'x'], /required option '--url <url>' not specified/],
  [['mr', 'list', '--per-page', '500'], /--per-page must be at most 100|per-page/],
  [['mr', 'list', '--sort', 'up'], /Allowed choices are asc, desc/],
  [['discussion', 'create', 'a/b', '1', '--type', 'mr'], /Allowed choices are issue, snippet, epic/],
  [['migrate', 'wach'], /unknown command 'wach'[\s\S]*Did you mean watch/],
  [['-o', 'xml', 'token', 'self'], /Allowed choices are table, json, yaml, ndjson/],
  [['completion'], /missing required argument 'shell'/],
  [['state', 'plan'], /required option '-f, --file <file>' not specified/],
  [['state', 'apply', 'instance.yaml'], /too many arguments|required option '-f, --file <file>'/],
  [['licenses', 'node'], /too many arguments for 'licenses'/],
  [['--inventory', 'inv.yaml', '--url', 'https://g.example', 'token', 'self'], /--inventory cannot be used with --url/],
  [['--inventory', '', 'token', 'self'], /--inventory needs a file name/],
  [['profile', 'add', 'w', '--url', 'https://g.example', '--inventory', 'inv.yaml'], /^error: forgectl profile add does not take --inventory/],
];

describe('command lines refused before anything runs (exit 2)', () => {
  it.each(REFUSED)('%j', async (argv, message) => {
    const res = await parseCli(argv);
    expect(res.exitCode).toBe(2);
    expect(res.parsed).toBeUndefined();
    expect(res.stderr).toMatch(message);
  });
});

describe('a secret typed after a flag is refused with the reason and what to use instead (exit 2)', () => {
  const cases: [string[], RegExp][] = [
    [['hooks', 'create', '--url', 'https://h.example/hook', '--secret', 'hunter2-secret'], /hint: pipe it with --secret-stdin .*FORGECTL_HOOK_SECRET.*--secret alone/],
    [['hooks', 'create', '--url', 'https://h.example/hook', '--secret=hunter2-secret'], /hint: pipe it with --secret-stdin/],
    [['alerts', 'send', '--url', 'https://h.example/alerts/notify.json', '--key', 'hunter2-secret', '--title', 'x'], /hint: pipe it with --key-stdin .* or set FORGECTL_ALERT_KEY/],
    [['alerts', 'resolve', '--url', 'https://h.example/alerts/notify.json', '--key=hunter2-secret', '--fingerprint', 'f'], /hint: pipe it with --key-stdin/],
    [['migrate', 'start', '--source-url', 'https://old.example', '--source-token', 'hunter2-secret'], /hint: pipe it with --source-token-stdin, or set FORGECTL_SOURCE_TOKEN/],
  ];
  it.each(cases)('%j', async (argv, hint) => {
    const res = await parseCli(argv);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: the (hook secret|alert key|source token) is not taken on the command line: other users can read it in ps, and your shell keeps it in its history$/m);
    expect(res.stderr).toMatch(hint);
    expect(res.stderr).not.toContain('hunter2');
  });

  it('--secret alone is still the switch that asks at a hidden prompt', async () => {
    const res = await parseCli(['hooks', 'create', '--url', 'https://h.example/hook', '--secret', '--push-events']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.parsed!.opts).toMatchObject({ secret: true, pushEvents: true });
  });
});
