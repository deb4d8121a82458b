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
