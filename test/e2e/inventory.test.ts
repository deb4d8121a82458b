// Issue 42.1: an inventory file names the instances of a run (--inventory, FORGECTL_INVENTORY), their
// tokens only by reference; nothing of the config directory is read or written.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { requestsSince, useSandbox } from '../helpers/sandbox.js';

const eu = useSandbox();
const staging = useSandbox({ seed: 'empty' });

function inventory(text: string): { dir: string; file: string } {
  const dir = tempDir('forgectl-inv-');
  writeFileSync(join(dir, 'inv.yaml'), text);
  return { dir, file: join(dir, 'inv.yaml') };
}

/** Two sandboxes: prod-eu by URL, staging by a URL reference; both tokens from the environment. */
function twoInstances() {
  return inventory(
    [
      'instances:',
      '  prod-eu:',
      `    url: ${eu().url}`,
      '    token: {env: PROD_EU_TOKEN}',
      '  staging:',
      '    url: {env: STAGING_URL}',
      '    token: {env: STAGING_TOKEN}',
      '',
    ].join('\n'),
  );
}

const tokens = () => ({ PROD_EU_TOKEN: eu().tokens.admin, STAGING_URL: staging().url, STAGING_TOKEN: staging().tokens.admin });

describe('--inventory', () => {
  it('runs a fleet over its instances, keyed by their names, and writes nothing under the config directory', async () => {
    const { file } = twoInstances();
    const configDir = tempDir('forgectl-cfg-');
    const res = await forgectl(['--inventory', file, '--all-profiles', 'token', 'self', '-o', 'json'], { configDir, env: tokens() });
    expect(res.exitCode, res.stderr).toBe(0);
    const out = json(res);
    expect(Object.keys(out)).toEqual(['prod-eu', 'staging']);
    expect(out['prod-eu']).toMatchObject({ url: eu().url, exit_code: 0, result: { name: 'admin' } });
    expect(out.staging).toMatchObject({ url: staging().url, exit_code: 0, result: { name: 'admin' } });
    expect(readdirSync(configDir)).toEqual([]);
    // The secrets named by reference are never printed.
    expect(res.stdout + res.stderr).not.toContain(eu().tokens.admin);
  });

  it('refuses a token written in clear, naming its line, before any request (exit 2)', async () => {
    const secret = eu().tokens.admin;
    const { file } = inventory(['instances:', '  prod-eu:', `    url: ${eu().url}`, `    token: ${secret}`, ''].join('\n'));
    const mark = eu().requests.length;
    const res = await forgectl(['--inventory', file, 'token', 'self']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`${file}:4:12: instances.prod-eu.token: a token is never written in the inventory: give {env: NAME}, {file: PATH} or {command: "\u2026"}`);
    expect(res.stderr).not.toContain(secret);
    expect(requestsSince(eu(), mark)).toEqual([]);
  });

  it('names every problem of the file at once, each with file:line:column', async () => {
    const { file } = inventory(
      ['instances:', '  "bad name":', '    url: https://git.example.com', '  ok:', '    url: not a url', '    token: {env: "1X"}', '    token_type: weird', '    colour: blue', 'extra: 1', ''].join('\n'),
    );
    const res = await forgectl(['--inventory', file, 'token', 'self']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`${file} has 6 problems:`);
    for (const line of [
      `${file}:2:3: instances.bad name: invalid instance name: "bad name"`,
      `${file}:5:10: instances.ok.url: invalid instance URL: not a url`,
      `${file}:6:12: instances.ok.token: {env: 1X}: not an environment variable name`,
      `${file}:7:17: instances.ok.token_type must be one of personal, oauth, job`,
      `${file}:8:5: instances.ok.colour is not a field of an instance`,
      `${file}:9:1: extra is not a key of the inventory`,
    ]) {
      expect(res.stderr).toContain(line);
    }
  });

  it('uses one instance alone without a selection; -p, --profiles and FORGECTL_INVENTORY choose among several', async () => {
    const one = inventory(['instances:', '  only:', `    url: ${eu().url}`, '    token: {file: secrets/only}', ''].join('\n'));
    mkdirSync(join(one.dir, 'secrets'));
    writeFileSync(join(one.dir, 'secrets/only'), `${eu().tokens.readonly}\n`);
    // A CI job's own instance and token never replace the inventory's.
    const ci = { CI_SERVER_URL: 'http://127.0.0.1:9', CI_JOB_TOKEN: 'glcbt-job-token' };
    const alone = await forgectl(['--inventory', one.file, 'token', 'self', '-o', 'json'], { env: ci });
    expect(alone.exitCode, alone.stderr).toBe(0);
    expect(json(alone)).toMatchObject({ name: 'carol-readonly' });

    const { file } = twoInstances();
    const none = await forgectl(['--inventory', file, 'token', 'self'], { env: tokens() });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain(`error: the inventory ${file} names 2 instances: choose one`);

    const picked = await forgectl(['token', 'self', '-p', 'staging', '-o', 'json'], { env: { ...tokens(), FORGECTL_INVENTORY: file } });
    expect(picked.exitCode, picked.stderr).toBe(0);
    expect(json(picked)).toMatchObject({ name: 'admin' });

    const glob = await forgectl(['--inventory', file, '--profiles', 'stag*', 'token', 'self', '-o', 'json'], { env: tokens() });
    expect(Object.keys(json(glob))).toEqual(['staging']);

    const unknown = await forgectl(['--inventory', file, '-p', 'prod-us', 'token', 'self'], { env: tokens() });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(`the inventory ${file} has no instance named prod-us`);
    const noMatch = await forgectl(['--inventory', file, '--profiles', 'prod-us*', 'token', 'self'], { env: tokens() });
    expect(noMatch.exitCode).toBe(2);
    expect(noMatch.stderr).toContain(`--profiles: the inventory ${file} has no instance matching "prod-us*"\nhint: it has prod-eu, staging`);
  });

  it('reads a reference only for the instance used: an unset variable is exit 2 with its place', async () => {
    const { file } = twoInstances();
    const euOnly = await forgectl(['--inventory', file, '-p', 'prod-eu', 'token', 'self', '-o', 'json'], { env: { PROD_EU_TOKEN: eu().tokens.admin } });
    expect(euOnly.exitCode, euOnly.stderr).toBe(0);
    const stagingRes = await forgectl(['--inventory', file, '-p', 'staging', 'token', 'self'], { env: { PROD_EU_TOKEN: eu().tokens.admin } });
    expect(stagingRes.exitCode).toBe(2);
    expect(stagingRes.stderr).toContain(`${file}:6:10: instances.staging.url: the environment variable STAGING_URL is not set (or empty)`);
  });

  it('refuses an inventory above 10 MB as every input file is refused, before any request (exit 2)', async () => {
    // Valid YAML whose bulk is one comment: only the bound stops it.
    const { file } = inventory(['instances:', '  prod-eu:', `    url: ${eu().url}`, '    token: {env: PROD_EU_TOKEN}', `# ${'x'.repeat(10 * 2 ** 20)}`, ''].join('\n'));
    const mark = eu().requests.length;
    const res = await forgectl(['--inventory', file, 'token', 'self'], { env: { PROD_EU_TOKEN: eu().tokens.admin } });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`${file} is larger than 10 MB`);
    expect(requestsSince(eu(), mark)).toEqual([]);
  });

  it('reads a {file} token under its own bound: a file above 64 KiB, or a device that goes on, is exit 2 and nothing is sent', async () => {
    const mark = eu().requests.length;
    for (const [path, name] of [['big-token', 'big-token'], ['/dev/zero', '/dev/zero']] as const) {
      const { dir, file } = inventory(['instances:', '  prod-eu:', `    url: ${eu().url}`, `    token: {file: ${path}}`, ''].join('\n'));
      if (path === 'big-token') writeFileSync(join(dir, 'big-token'), 'x'.repeat(64 * 1024 + 1));
      const res = await forgectl(['--inventory', file, 'token', 'self']);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toContain(`${path === 'big-token' ? join(dir, name) : name} holds more than 64 KiB: not a secret`);
    }
    expect(requestsSince(eu(), mark)).toEqual([]);
  });

  it('profile list shows the instances; TLS paths are relative to the file; profile writes refuse it', async () => {
    const { dir, file } = inventory(['instances:', '  prod-eu:', `    url: ${eu().url}`, '    token: {env: PROD_EU_TOKEN}', '    ca_file: certs/eu.pem', '  staging:', '    url: https://staging.example.com', '    token: {command: "pass show staging"}', ''].join('\n'));
    mkdirSync(join(dir, 'certs'));
    writeFileSync(join(dir, 'certs/eu.pem'), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const configDir = tempDir('forgectl-cfg-');
    const listed = await forgectl(['profile', 'list', '--inventory', file, '-o', 'json'], { configDir });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(json(listed)).toMatchObject([
      { name: 'prod-eu', url: eu().url, storage: 'reference', token_reference: { env: 'PROD_EU_TOKEN' }, ca_file: join(dir, 'certs/eu.pem'), defined_at: `${file}:2:3` },
      { name: 'staging', url: 'https://staging.example.com', storage: 'command', token_command: 'pass show staging' },
    ]);
    const table = await forgectl(['profile', 'list', '--inventory', file], { configDir });
    expect(table.stdout).toContain('$PROD_EU_TOKEN');

    for (const args of [
      ['profile', 'add', 'x', '--url', eu().url, '--no-verify'],
      ['profile', 'use', 'staging'],
      ['profile', 'remove', 'staging', '--yes'],
      ['profile', 'set-token', 'staging', '--token-stdin'],
    ]) {
      const refused = await forgectl([...args, '--inventory', file], { configDir, input: 'glpat-new\n' });
      expect(refused.exitCode, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(`forgectl profile ${args[1]} does not take --inventory`);
    }
    expect(readdirSync(configDir)).toEqual([]);
    // --url or --token beside an inventory name another instance.
    const both = await forgectl(['--inventory', file, '--url', eu().url, 'token', 'self']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--inventory cannot be used with --url');
  });

  it("README's inventory is read as the README says: three instances, each token by reference", async () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const block = /^```yaml\n# inventory\.yaml\n([\s\S]*?)^```$/m.exec(readme);
    expect(block, 'README shows inventory.yaml').toBeTruthy();
    const { dir, file } = inventory(block![1]!);
    mkdirSync(join(dir, 'certs'));
    writeFileSync(join(dir, 'certs/eu.pem'), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const res = await forgectl(['profile', 'list', '--inventory', file, '-o', 'json'], { env: { STAGING_URL: 'https://staging.git.example.com' } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).map((p: any) => [p.name, p.url, p.storage])).toEqual([
      ['dr', 'https://dr.git.example.com', 'command'],
      ['prod-eu', 'https://eu.git.example.com', 'reference'],
      ['staging', 'https://staging.git.example.com', 'reference'],
    ]);
  });

  it('token rotate of an instance\'s own token saves nothing: the secret is printed, the reference named', async () => {
    const { file } = inventory(['instances:', '  prod-eu:', `    url: ${eu().url}`, '    token: {env: ALICE_TOKEN}', ''].join('\n'));
    const configDir = tempDir('forgectl-cfg-');
    const refused = await forgectl(['--inventory', file, 'token', 'rotate', 'self', '--save'], { configDir, env: { ALICE_TOKEN: eu().tokens.alice } });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('profile prod-eu takes its token from $ALICE_TOKEN; forgectl cannot save to it');
    const res = await forgectl(['--inventory', file, 'token', 'rotate', 'self', '-o', 'json'], { configDir, env: { ALICE_TOKEN: eu().tokens.alice } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).token).toMatch(/^glpat-/);
    expect(res.stderr).toContain('profile prod-eu reads its token from $ALICE_TOKEN; the old token is now revoked: update it with the new secret printed below');
    expect(readdirSync(configDir)).toEqual([]);
  });

  it('profile schema prints the JSON Schema of the file', async () => {
    const res = await forgectl(['profile', 'schema']);
    expect(res.exitCode, res.stderr).toBe(0);
    const schema = json(res);
    expect(schema.title).toBe('forgectl inventory');
    const instance = schema.properties.instances.additionalProperties;
    expect(Object.keys(instance.properties)).toEqual(['url', 'token', 'token_type', 'sudo', 'ca_file', 'client_cert', 'client_key']);
    // A token is a reference: a string is not one of its forms.
    expect(instance.properties.token.anyOf.map((f: any) => f.required[0])).toEqual(['env', 'file', 'command']);
  });
});
