import { describe, expect, it } from 'vitest';
import { backoffMs, isAction, parseRetryAfter, retryDelayMs, shouldRetry } from '../../src/core/retry.js';

describe('retry policy', () => {
  it('repeats reads and updates on 429, 502, 503, 504 and connection errors', () => {
    for (const status of [429, 502, 503, 504]) expect(shouldRetry({ status }, false)).toBe(true);
    for (const errorCode of ['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'TIMEOUT']) expect(shouldRetry({ errorCode }, false)).toBe(true);
  });

  it('never repeats on other statuses', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 500]) {
      expect(shouldRetry({ status }, false)).toBe(false);
      expect(shouldRetry({ status }, true)).toBe(false);
    }
  });

  it('repeats an action only where the server did not act: 429 or a refused connection', () => {
    expect(shouldRetry({ status: 429 }, true)).toBe(true);
    expect(shouldRetry({ errorCode: 'ECONNREFUSED' }, true)).toBe(true);
    for (const status of [502, 503, 504]) expect(shouldRetry({ status }, true)).toBe(false);
    for (const errorCode of ['ECONNRESET', 'UND_ERR_SOCKET', 'TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']) expect(shouldRetry({ errorCode }, true)).toBe(false);
  });

  it('treats POST as an action unless told otherwise, and a PUT as one when flagged (mr merge)', () => {
    expect(isAction('POST', undefined)).toBe(true);
    expect(isAction('PUT', undefined)).toBe(false);
    expect(isAction('DELETE', undefined)).toBe(false);
    expect(isAction('PUT', true)).toBe(true);
  });

  it('reads Retry-After in seconds and as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('prefers Retry-After over backoff, and backs off exponentially with jitter', () => {
    expect(retryDelayMs(0, '2', 500, () => 0.5)).toBe(2000);
    expect(backoffMs(0, 500, () => 0.5)).toBe(500);
    expect(backoffMs(2, 500, () => 0.5)).toBe(2000);
    expect(backoffMs(1, 500, () => 0)).toBe(500);
    expect(backoffMs(1, 500, () => 0.999)).toBeLessThan(1500);
  });
});
