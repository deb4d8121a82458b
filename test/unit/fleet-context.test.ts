// A fleet instance's Context: bound to its profile the way a single run with -p is, and nothing of
// the variables that name one instance.

import { PassThrough } from 'node:stream';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { testContext } from '../helpers/harness.js';
import type { Prompter } from '../../src/core/prompt.js';

function configDir(): string {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  const profiles = {
    prod: { url: 'https://prod.example.com', token: 'glpat-prodprodprodprodprod', tokenType: 'personal' },
    staging: { url: 'https://staging.example.com', token: 'glpat-stagingstagingstagin', tokenType: 'personal' },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ default: 'staging', profiles }), { mode: 0o600 });
  return dir;
}

const unused: Prompter = {
  interactive: false,
  confirm: async () => false,
  input: async () => '',
  password: async () => '',
  select: async () => {
    throw new Error('not asked');
  },
  search: async () => {
    throw new Error('not asked');
  },
};

describe('a fleet instance Context', () => {
  it('reports its profile as -p would, whatever the environment names', async () => {
    const { ctx } = testContext({
      env: { FORGECTL_CONFIG_DIR: configDir(), FORGECTL_PROFILE: 'staging', FORGECTL_URL: 'https://other.example.com', FORGECTL_TOKEN: 'glpat-otherotherotherother', CI_SERVER_URL: 'https://ci.example.com', CI_JOB_TOKEN: 'glcbt-jobjobjobjob' },
    });
    const child = ctx.forInstance('prod', { stdout: new PassThrough(), stderr: new PassThrough(), prompt: unused, onDryRun: () => {}, beforeWrite: async () => {} });
    expect(child.globals.profile).toBe('prod');
    expect(child.fleetProfile).toBe('prod');
    for (const v of ['FORGECTL_PROFILE', 'FORGECTL_URL', 'FORGECTL_TOKEN', 'CI_SERVER_URL', 'CI_JOB_TOKEN']) expect(child.env[v]).toBeUndefined();
    const c = await child.connection();
    expect([c.profile?.name, c.url, c.token, c.tokenSource]).toEqual(['prod', 'https://prod.example.com', 'glpat-prodprodprodprodprod', 'profile']);
    // The root is untouched: it still resolves as a single run would.
    expect(ctx.globals.profile).toBeUndefined();
    expect(child.redactor).toBe(ctx.redactor);
  });

  it('stops when the run is interrupted', () => {
    const { ctx } = testContext({ env: { FORGECTL_CONFIG_DIR: configDir() } });
    const child = ctx.forInstance('prod', { stdout: new PassThrough(), stderr: new PassThrough(), prompt: unused, onDryRun: () => {}, beforeWrite: async () => {} });
    expect(child.abort.signal.aborted).toBe(false);
    ctx.abort.abort();
    expect(child.abort.signal.aborted).toBe(true);
  });
});
