// `projects list` masks by the one rule of secret keys (redact.ts) that traces, dry runs and
// settings use: keys a newer or extended instance may add to a project are masked by their name,
// at any depth, and what only looks like one (a public key, a date, a flag) is shown.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/harness.js';
import { ORIGIN, json } from '../unit/http-helpers.js';

const [project] = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/realdata/projects/list_user.json'), 'utf8')).body;

const secrets = {
  alert_integration: { name: 'alerts', authorization_key: 'ak-0a1b2c3d4e5f' },
  asset_proxy_secret_key: 'apsk-6a7b8c9d0e',
  mirror: { eks_secret_access_key: 'eks-1f2e3d4c5b', mailgun_signing_key: 'mg-9a8b7c6d5e', encrypted_ldap_bind: 'enc-4d3c2b1a0f' },
};
const shown = { deploy_key: { key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPublicPart', public_key: 'ssh-ed25519 AAAAPublic2' }, token_expires_at: '2026-12-01', allow_group_runner_registration_token: true };

async function list(args: string[]) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent.get(ORIGIN).intercept({ path: (p) => p.startsWith('/api/v4/projects?') }).reply(200, [{ ...project, ...secrets, ...shown }], json).persist();
  return runCli(['projects', 'list', '--limit', '1', ...args], { env: { FORGECTL_URL: ORIGIN, FORGECTL_TOKEN: 'glpat-x' }, dispatcher: agent });
}

describe('projects list and secret keys', () => {
  it('masks an alert authorization_key, *_secret_key, *_access_key, *_signing_key and encrypted_* in every format; shows public keys, dates and flags', async () => {
    for (const format of ['json', 'yaml', 'ndjson']) {
      const res = await list(['-o', format]);
      expect(res.exitCode, res.stderr).toBe(0);
      for (const v of ['ak-0a1b2c3d4e5f', 'apsk-6a7b8c9d0e', 'eks-1f2e3d4c5b', 'mg-9a8b7c6d5e', 'enc-4d3c2b1a0f']) expect(res.stdout, `${format} ${v}`).not.toContain(v);
      expect(res.stdout, format).toContain('AAAAC3NzaC1lZDI1NTE5AAAAIPublicPart');
    }
    const [p] = JSON.parse((await list(['-o', 'json'])).stdout);
    expect(p.alert_integration).toEqual({ name: 'alerts', authorization_key: '********' });
    expect(p.asset_proxy_secret_key).toBe('********');
    expect(p.mirror).toEqual({ eks_secret_access_key: '********', mailgun_signing_key: '********', encrypted_ldap_bind: '********' });
    expect(p.runners_token).toBe('********');
    expect({ deploy_key: p.deploy_key, token_expires_at: p.token_expires_at, allow_group_runner_registration_token: p.allow_group_runner_registration_token }).toEqual(shown);
  });

  it('shows them with --show-secrets', async () => {
    const [p] = JSON.parse((await list(['-o', 'json', '--show-secrets'])).stdout);
    expect(p.alert_integration.authorization_key).toBe('ak-0a1b2c3d4e5f');
    expect(p.mirror.eks_secret_access_key).toBe('eks-1f2e3d4c5b');
  });
});
