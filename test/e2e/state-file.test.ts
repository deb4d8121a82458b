// Reading and writing the instance file (and the settings and envs files that share its reader):
// hostile YAML, files edited by YAML 1.1 tools, every problem of a file at once, layered files.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const dir = tempDir();

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function run(args: string[], env: Record<string, string> = {}) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, 'admin', env) });
  return { res, sent: requestsSince(sb, mark) };
}

/** Nine levels of nine aliases: a billion strings once expanded ("billion laughs"). */
function aliasBomb(): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++) lines.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('a YAML alias bomb', () => {
  it('is refused with exit 2 naming the file, by state, settings and envs alike, before any request', async () => {
    const path = file('bomb.yaml', aliasBomb());
    for (const args of [
      ['state', 'plan', '-f', path],
      ['state', 'apply', '-f', path, '--yes'],
      ['settings', 'set', '-f', path, '--yes'],
      ['settings', 'diff', '-f', path],
      ['envs', 'apply', 'acme', '-f', path, '--yes'],
    ]) {
      const { res, sent } = await run(args);
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain(path);
      expect(res.stderr).toMatch(/alias/);
      expect(res.stderr).not.toMatch(/resource exhaustion attack/);
      expect(sent).toEqual([]);
    }
  });
});

describe('every problem of the file at once', () => {
  it('three mistakes in three sections are all reported, each with file:line:column and its path, before any request', async () => {
    const path = file(
      'three.yaml',
      ['settings:', '  max_attachment_size: 100', '  signup_enabled: sometimes', 'system_hooks:', '  - url: https://a.example.com', '    push_events: maybe', 'broadcast_messages:', '  - message: hello', '    colour: red', ''].join('\n'),
    );
    for (const command of ['plan', 'apply']) {
      // state plan writes nothing: it takes no --yes.
      const { res, sent } = await run(['state', command, '-f', path, ...(command === 'apply' ? ['--yes'] : [])]);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toContain(`${path} has 3 problems:`);
      expect(res.stderr).toContain(`${path}:3:19: settings.signup_enabled must be true or false, got "sometimes"`);
      expect(res.stderr).toMatch(new RegExp(`${path}:6:18: system_hooks\\[0\\]\\.push_events: .*expected boolean`));
      expect(res.stderr).toContain(`${path}:9:5: unknown key broadcast_messages[0].colour`);
      expect(sent).toEqual([]);
    }
  });

  it('a type error, a duplicate hook URL, an unknown key, a bad time and an unset reference are all named in the first run', async () => {
    const path = file(
      'mixed.yaml',
      [
        'system_hooks:',
        '  - url: https://dup.example.com',
        '    push_events: maybe',
        '  - url: https://dup.example.com',
        '    token: {env: MIXED_UNSET_TOKEN}',
        'broadcast_messages:',
        '  - message: hello',
        '    colour: red',
        '    starts_at: yesterday',
        '  - message: hello',
        '',
      ].join('\n'),
    );
    const { res, sent } = await run(['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`${path} has 6 problems:`);
    expect(res.stderr).toMatch(new RegExp(`${path}:3:18: system_hooks\\[0\\]\\.push_events: .*expected boolean`));
    expect(res.stderr).toContain(`${path}:4:10: system_hooks[1] has the url of system_hooks[0]: "https://dup.example.com"`);
    expect(res.stderr).toContain(`${path}:5:12: system_hooks[1].token: the environment variable MIXED_UNSET_TOKEN is not set`);
    expect(res.stderr).toContain(`${path}:8:5: unknown key broadcast_messages[0].colour`);
    expect(res.stderr).toContain(`${path}:9:16: broadcast_messages[0].starts_at: a time such as`);
    expect(res.stderr).toContain(`${path}:10:14: broadcast_messages[1] has the message of broadcast_messages[0]: "hello"`);
    expect(sent).toEqual([]);
  });

  it('a protected environment named twice and another tier\'s bad entry are both named, each at its tier', async () => {
    const path = file(
      'envdup.yaml',
      ['groups:', '  acme:', '    protected_environments:', '      - name: production', '        deploy: [{access_level: 99}]', '      - name: staging', '        deploy: [{access_level: 40}]', '      - name: staging', '        deploy: [{access_level: 40}]', ''].join('\n'),
    );
    const { res, sent } = await run(['state', 'plan', '-f', path]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`${path} has 2 problems:`);
    expect(res.stderr).toContain(`${path}:4:9: production.deploy[0]: access level 99 is not allowed`);
    expect(res.stderr).toMatch(new RegExp(`${path}:8:9: .*staging appears twice`));
    expect(sent).toEqual([]);
  });

  it('a file that cannot be read is named in words, not by its system code', async () => {
    const { res, sent } = await run(['state', 'plan', '-f', join(dir, 'nosuch.yaml')]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`cannot read ${join(dir, 'nosuch.yaml')}: no such file`);
    expect(res.stderr).not.toContain('ENOENT');
    const folder = await run(['envs', 'apply', 'acme', '-f', dir, '--yes']);
    expect(folder.res.exitCode, folder.res.stderr).toBe(2);
    expect(folder.res.stderr).toContain(`cannot read ${dir}: is a directory`);
    expect([...sent, ...folder.sent]).toEqual([]);
  });

  it('stops listing at 50, saying how many more there are', async () => {
    const hooks = Array.from({ length: 60 }, (_, i) => `  - url: https://h${i}.example.com\n    push_events: maybe\n`).join('');
    const { res, sent } = await run(['state', 'plan', '-f', file('sixty.yaml', `system_hooks:\n${hooks}`)]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('has 60 problems:');
    const listed = res.stderr.split('\n').filter((l) => /sixty\.yaml:\d+:\d+: /.test(l));
    // The first 50 of the file, in its order.
    expect(listed).toHaveLength(50);
    expect(listed[0]).toContain('sixty.yaml:3:18: system_hooks[0].push_events');
    expect(listed[49]).toContain('sixty.yaml:101:18: system_hooks[49].push_events');
    expect(res.stderr).toContain('… and 10 more');
    expect(sent).toEqual([]);
  });

  it('a group that does not exist is named with its line (exit 2), and nothing is written', async () => {
    const path = file('groups.yaml', 'groups:\n  acme/platform:\n    notification_settings: {level: watch}\n  acme/nosuch:\n    notification_settings: {level: watch}\n  nowhere:\n    protected_environments: {}\n');
    const { res, sent } = await run(['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`${path}:4:3: groups.acme/nosuch: the group acme/nosuch does not exist`);
    expect(res.stderr).toContain(`${path}:6:3: groups.nowhere: the group nowhere does not exist`);
    expect(res.stderr).not.toContain('groups.acme/platform:');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('hints speak of the file, not of command-line arguments', async () => {
    const path = file('akismet.yaml', 'settings:\n  akismet_enabled: true\n');
    const { res } = await run(['state', 'plan', '-f', path]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`error: ${path}:2:20: settings.akismet_enabled: true requires akismet_api_key`);
    expect(res.stderr).toContain('hint: add akismet_api_key to settings');
    expect(res.stderr).not.toMatch(/=…|in the same command/);
  });
});

describe('several files, one instance each', () => {
  const base = () =>
    file(
      'base.yaml',
      [
        'settings:',
        '  signup_enabled: true',
        '  max_attachment_size: 100',
        'system_hooks:',
        '  - url: https://layers.example.com/a',
        '    push_events: true',
        '    tag_push_events: true',
        '  - url: https://layers.example.com/b',
        'broadcast_messages:',
        '  - message: Layered base',
        '    font: serif',
        '',
      ].join('\n'),
    );

  it('later files override earlier ones key by key; list items by their identity; {env: NAME} stands for any value', async () => {
    const over = file(
      'override.yaml',
      ['settings:', '  max_attachment_size: {env: LAYER_SIZE}', 'system_hooks:', '  - url: https://layers.example.com/a', '    push_events: {env: LAYER_PUSH}', 'broadcast_messages:', '  - message: {env: LAYER_MOTD}', ''].join('\n'),
    );
    const env = { LAYER_SIZE: '42', LAYER_PUSH: 'false', LAYER_MOTD: 'Layered override' };
    const { res, sent } = await run(['state', 'plan', '-f', base(), '-f', over, '-o', 'json'], env);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
    const changes = json(res).changes;
    const hookA = changes.find((c: any) => c.identity === 'https://layers.example.com/a');
    // The hook of the override file is the base's hook with push_events replaced: tag_push_events stays.
    expect(hookA.action).toBe('create');
    expect(hookA.changes).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'push_events', after: false }), expect.objectContaining({ key: 'tag_push_events', after: true })]));
    expect(changes.map((c: any) => c.identity)).toEqual(expect.arrayContaining(['https://layers.example.com/b', 'Layered base', 'Layered override']));
    expect(changes.filter((c: any) => c.resource === 'system_hooks')).toHaveLength(2);
    const settings = changes.find((c: any) => c.resource === 'settings');
    expect(settings.changes).toContainEqual({ key: 'max_attachment_size', before: 100, after: 42 });
  });

  it("a group merges key by key; a protected environment's rules are replaced whole", async () => {
    const groupBase = file('groups-base.yaml', 'groups:\n  acme/web:\n    protected_environments:\n      production: {deploy: [{access_level: 40}], approvals: [{access_level: 40, required: 1}]}\n      staging: {deploy: [{access_level: 30}]}\n');
    const groupOver = file('groups-over.yaml', 'groups:\n  acme/web:\n    protected_environments:\n      production: {deploy: [{access_level: 30}]}\n');
    const { res } = await run(['state', 'plan', '-f', groupBase, '-f', groupOver]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('+ create groups acme/web protected environment production\n    + deploy access_level=30\n');
    expect(res.stdout).not.toContain('approval');
    expect(res.stdout).toContain('+ create groups acme/web protected environment staging\n    + deploy access_level=30');
  });

  it('{profile} is the profile in use; a missing file is an error unless its name starts with ?', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const added = await forgectl(['profile', 'add', 'prod', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    const instances = join(dir, 'instances');
    mkdirSync(instances, { recursive: true });
    writeFileSync(join(instances, 'prod.yaml'), 'broadcast_messages:\n  - message: Only on prod\n');
    const perInstance = join(instances, '{profile}.yaml');
    const prod = await forgectl(['state', 'plan', '-p', 'prod', '-f', base(), '-f', perInstance], { configDir });
    expect(prod.exitCode, prod.stderr).toBe(0);
    expect(prod.stdout).toContain('+ create broadcast_messages "Only on prod"');
    expect(prod.stdout).toContain('+ create broadcast_messages "Layered base"');

    await forgectl(['profile', 'add', 'staging', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` });
    const missing = await forgectl(['state', 'plan', '-p', 'staging', '-f', base(), '-f', perInstance], { configDir });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(`cannot read ${join(instances, 'staging.yaml')}: no such file`);
    expect(missing.stderr).toContain("a leading ?");
    const optional = await forgectl(['state', 'plan', '-p', 'staging', '-f', base(), '-f', `?${perInstance}`], { configDir });
    expect(optional.exitCode, optional.stderr).toBe(0);
    expect(optional.stdout).not.toContain('Only on prod');
    expect(optional.stdout).toContain('+ create broadcast_messages "Layered base"');
  });

  it('over a fleet, {profile} is each instance\'s own profile: the one whose file differs is named, exit 5', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    for (const name of ['east', 'west']) {
      const added = await forgectl(['profile', 'add', name, '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` });
      expect(added.exitCode, added.stderr).toBe(0);
    }
    const shared = file('fleet-base.yaml', 'settings:\n  signup_enabled: true\n');
    const instances = join(dir, 'fleet');
    mkdirSync(instances, { recursive: true });
    writeFileSync(join(instances, 'west.yaml'), 'broadcast_messages:\n  - message: Only in the west\n');
    const res = await forgectl(['--profiles', 'east,west', 'state', 'plan', '-f', shared, '-f', `?${join(instances, '{profile}.yaml')}`, '--exit-code'], { configDir });
    expect(res.exitCode, res.stdout + res.stderr).toBe(5);
    const [east, west] = res.stdout.split('==> west');
    expect(east).toContain('==> east');
    expect(east).not.toContain('Only in the west');
    expect(west).toContain('+ create broadcast_messages "Only in the west"');
    expect(res.stderr).toMatch(/east ok/);
  });

  it('a problem names the file its value came from', async () => {
    const over = file('bad-override.yaml', 'system_hooks:\n  - url: https://layers.example.com/b\n    push_events: sometimes\n');
    const broken = file('bad-base.yaml', 'settings:\n  signup_enabled: sometimes\n');
    const { res, sent } = await run(['state', 'plan', '-f', broken, '-f', over, '-f', '?/nonexistent/forgectl.yaml']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`the instance files (${broken}, ${over}) has 2 problems`);
    expect(res.stderr).toContain(`${broken}:2:19: settings.signup_enabled must be true or false`);
    expect(res.stderr).toMatch(new RegExp(`${over}:3:18: system_hooks\\[0\\]\\.push_events: `));
    expect(sent).toEqual([]);
  });

  it('an {env: NAME} that is not set is a problem of the file; a secret stays a reference', async () => {
    const path = file('env.yaml', 'broadcast_messages:\n  - message: {env: LAYER_UNSET_MOTD}\nsystem_hooks:\n  - url: https://layers.example.com/c\n    token: {env: LAYER_UNSET_TOKEN}\n');
    const { res, sent } = await run(['state', 'plan', '-f', path]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(`${path}:2:14: broadcast_messages[0].message: the environment variable LAYER_UNSET_MOTD is not set`);
    expect(res.stderr).toContain(`${path}:5:12: system_hooks[0].token: the environment variable LAYER_UNSET_TOKEN is not set`);
    expect(sent).toEqual([]);
  });
});
