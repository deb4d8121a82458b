import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, isSecretKey, maskToken } from '../../src/core/redact.js';
import { maskUrlCredentials } from '../../src/core/safe-text.js';

describe('redaction', () => {
  it('redacts every credential header form', () => {
    const r = new Redactor();
    const out = r.headers({ 'PRIVATE-TOKEN': 'glpat-abc', Authorization: 'Bearer x', 'JOB-TOKEN': 'j', Sudo: 'alice', Accept: 'application/json' });
    expect(out).toEqual({ 'PRIVATE-TOKEN': REDACTED, Authorization: REDACTED, 'JOB-TOKEN': REDACTED, Sudo: 'alice', Accept: 'application/json' });
  });

  it('redacts credential query parameters and userinfo in URLs', () => {
    const r = new Redactor();
    const u = r.url('https://user:pw@h.example/api/v4/projects?private_token=glpat-1&page=2&access_token=o&job_token=j');
    expect(u).not.toMatch(/glpat-1|pw|=o&|=j$/);
    expect(u).toContain('page=2');
  });

  it('masks URL credentials in traces and errors with the one mask output uses, readable (no %5BREDACTED%5D)', () => {
    const r = new Redactor();
    expect(r.url('https://bob:hunter2@h.example/api/v4/x?private_token=glpat-1&page=2')).toBe('https://bob:********@h.example/api/v4/x?private_token=********&page=2');
    expect(r.url('https://glpat-lone@h.example/x')).toBe('https://********@h.example/x');
    expect(r.url('https://bob:hunter2@h.example/x')).toBe(maskUrlCredentials('https://bob:hunter2@h.example/x'));
  });

  it('redacts secret keys in bodies, deeply, and keeps the rest', () => {
    const r = new Redactor();
    const body = {
      url: 'https://hook',
      token: 'hook-secret',
      configuration: { url: 'https://src', access_token: 'src-token' },
      spam_service_api_key: 'k',
      asset_proxy_secret_key: 's',
      external_pipeline_validation_service_token: 't',
      personal_access_token_prefix: 'glpat-',
      require_personal_access_token_expiry: true,
    };
    expect(r.value(body)).toEqual({
      url: 'https://hook',
      token: REDACTED,
      configuration: { url: 'https://src', access_token: REDACTED },
      spam_service_api_key: REDACTED,
      asset_proxy_secret_key: REDACTED,
      external_pipeline_validation_service_token: REDACTED,
      personal_access_token_prefix: 'glpat-',
      require_personal_access_token_expiry: true,
    });
  });

  it('removes remembered secret values from any text', () => {
    const r = new Redactor();
    r.add('glpat-SECRET123');
    expect(r.text('connect failed with glpat-SECRET123 at host')).toBe(`connect failed with ${REDACTED} at host`);
    expect(r.value({ note: 'x glpat-SECRET123' })).toEqual({ note: `x ${REDACTED}` });
  });

  it('redacts a secret shorter than four characters too, where it stands alone', () => {
    const r = new Redactor();
    r.add('x7');
    r.add('k.');
    expect(r.text('the key x7 is invalid')).toBe(`the key ${REDACTED} is invalid`);
    expect(r.text('"x7" https://h/?sig=x7&a=1 (k.)')).toBe(`"${REDACTED}" https://h/?sig=${REDACTED}&a=1 (${REDACTED})`);
    expect(r.value({ message: ['x7 is not valid'] })).toEqual({ message: [`${REDACTED} is not valid`] });
    // Inside a longer word it says nothing about the secret, and the text stays readable.
    expect(r.text('ax7b x70 kx.')).toBe('ax7b x70 kx.');
  });

  it('classifies secret keys: credentials by the end of their name, never a flag, date, count or public key', () => {
    const secret = ['token', 'access_token', 'runners_token', 'webhook_secret', 'oauth_client_secret', 'password', 'ssh_passphrase', 'spam_service_api_key', 'akismet_api_key',
      'asset_proxy_secret_key', 'recaptcha_private_key', 'eks_secret_access_key', 'mailgun_signing_key', 'authorization_key', 'secret_detection_token_revocation_token', 'encrypted_token', 'encrypted_ldap_bind',
      'external_auth_client_key', 'external_auth_client_key_pass', 'arkose_labs_private_api_key'];
    for (const k of secret) expect(isSecretKey(k), k).toBe(true);
    const plain = ['token_type', 'personal_access_token_prefix', 'runner_token_expiration_interval', 'token_expires_at', 'refresh_token_expires_in', 'name', 'tokens', 'token_count',
      'key', 'public_key', 'recaptcha_site_key', 'eks_access_key_id', 'jira_connect_application_key', 'secret_detection_token_revocation_enabled', 'pre_receive_secret_detection_enabled',
      'allow_runner_registration_token', 'has_token', 'token_present', 'encrypted_storage_enabled', 'encrypted_token_iv', 'key_stdin',
      'external_auth_client_cert', 'ci_bypass', 'passes', 'arkose_labs_public_api_key'];
    for (const k of plain) expect(isSecretKey(k), k).toBe(false);
  });

  it('masks a token to its first four characters', () => {
    expect(maskToken('glpat-abcdefghij')).toBe('glpa************');
    expect(maskToken(undefined)).toBe('');
  });
});
