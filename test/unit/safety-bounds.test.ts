// Out-of-range input is a usage error naming the bound; https to a plain-HTTP port gets a hint.

import { describe, expect, it } from 'vitest';
import { NetworkError, UsageError } from '../../src/core/errors.js';
import { MAX_DURATION_DAYS, parseDuration } from '../../src/core/parse.js';
import { mockClient } from './http-helpers.js';

describe('durations have a bound', () => {
  it('refuses a duration beyond ten years, naming the bound', () => {
    expect(() => parseDuration('--duration', '99999999999d')).toThrow(new UsageError(`--duration must be at most ${MAX_DURATION_DAYS}d (ten years), got 99999999999d`));
    expect(() => parseDuration('--expiring-within', '3651d')).toThrow(UsageError);
    expect(parseDuration('--expiring-within', '3650d')).toBe(3650 * 86_400_000);
  });
});

describe('https to a port that speaks plain HTTP', () => {
  it('says the server answered plain HTTP', async () => {
    const m = mockClient({ retries: 0 });
    m.pool.intercept({ path: '/api/v4/version' }).replyWithError(Object.assign(new Error('ssl3_get_record:wrong version number'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }));
    const err = await m.client.get('/version').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).hint).toMatch(/the server answered plain HTTP: use an http:\/\/ URL/);
  });
});

describe('a write refused at the TLS handshake was never applied', () => {
  const refused = (code: string, message: string) => Object.assign(new Error(message), { code });
  for (const [code, message] of [
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
    ['ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'tlsv1 alert unknown ca'],
    ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'sslv3 alert handshake failure'],
    ['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tlsv1 alert protocol version'],
  ] as const) {
    it(`${code}: a POST is not said to "may have been applied" and is sent once`, async () => {
      const m = mockClient();
      m.pool.intercept({ path: '/api/v4/projects/7/hooks', method: 'POST' }).replyWithError(refused(code, message));
      const err: any = await m.client.post('/projects/7/hooks', { url: 'https://hook.example' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.mayHaveApplied).toBe(false);
      expect(err.message).not.toMatch(/may have been applied/);
      expect(err.hint ?? '').not.toMatch(/check before trying again/);
      expect(m.sleeps).toHaveLength(0);
    });
  }

  it('a PUT refused by the handshake says what to check, not that it may have acted', async () => {
    const m = mockClient({ retries: 0 });
    m.pool.intercept({ path: '/api/v4/application/settings', method: 'PUT' }).replyWithError(refused('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'tlsv1 alert unknown ca'));
    const err: any = await m.client.put('/application/settings', { x: 1 }).catch((e: unknown) => e);
    expect(err.mayHaveApplied).toBe(false);
    expect(err.hint).toMatch(/TLS handshake/);
  });
});
