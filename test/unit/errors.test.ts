import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  CancelledError,
  CommandFailedError,
  MissingCredentialsError,
  NetworkError,
  NotFoundError,
  UsageError,
  errorForStatus,
  exitCodeFor,
} from '../../src/core/errors.js';

const init = (status: number, body: unknown) => ({ status, body, method: 'GET', url: 'https://h/api/v4/x' });

describe('errors and exit codes', () => {
  it('maps statuses to error classes', () => {
    expect(errorForStatus(init(404, { message: '404 Project Not Found' }))).toBeInstanceOf(NotFoundError);
    expect(errorForStatus(init(401, { message: '401 Unauthorized' }))).toBeInstanceOf(AuthError);
    expect(errorForStatus(init(403, { message: '403 Forbidden' }))).toBeInstanceOf(AuthError);
    const e = errorForStatus(init(409, { message: 'SHA does not match HEAD of source branch' }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).not.toBeInstanceOf(AuthError);
  });

  it('maps errors to the exit codes of CLI.md', () => {
    expect(exitCodeFor(new UsageError('x'))).toBe(2);
    expect(exitCodeFor(errorForStatus(init(404, {})))).toBe(3);
    expect(exitCodeFor(errorForStatus(init(401, {})))).toBe(4);
    expect(exitCodeFor(errorForStatus(init(403, {})))).toBe(4);
    expect(exitCodeFor(new MissingCredentialsError('x'))).toBe(4);
    expect(exitCodeFor(errorForStatus(init(500, {})))).toBe(1);
    expect(exitCodeFor(errorForStatus(init(422, {})))).toBe(1);
    expect(exitCodeFor(new NetworkError('x', 'ECONNREFUSED', 'GET', 'u'))).toBe(1);
    expect(exitCodeFor(new CancelledError())).toBe(130);
    expect(exitCodeFor(new CommandFailedError('diff', undefined, 1))).toBe(1);
    expect(exitCodeFor(new Error('boom'))).toBe(1);
  });

  it('builds one readable message from each error body form', () => {
    expect(errorForStatus(init(401, { message: '401 Unauthorized' })).message).toBe('401 Unauthorized');
    expect(errorForStatus(init(409, { message: 'SHA does not match HEAD of source branch' })).message).toBe('409 SHA does not match HEAD of source branch');
    expect(errorForStatus(init(400, { message: { expires_at: ['must be in the future'] } })).message).toBe('400 expires_at must be in the future');
    expect(errorForStatus(init(404, { error: '404 Not Found' })).message).toBe('404 Not Found');
    // A refusal in OAuth form keeps its reason, not only the code.
    expect(errorForStatus(init(401, { error: 'invalid_token', error_description: 'Token has expired.' })).message).toBe('401 invalid_token: Token has expired.');
    const scope = errorForStatus(init(403, { error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope: 'sudo' }));
    expect(scope.message).toContain('insufficient_scope');
    expect(scope.message).toContain('sudo');
    expect(scope.insufficientScope).toBe('sudo');
    expect(errorForStatus(init(502, '<html>bad gateway</html>')).message).toBe('502 Bad Gateway (the answer is a web page, not the API: check --url / a proxy in the way)');
    expect(errorForStatus(init(503, null)).message).toBe('503 Service Unavailable');
  });
});
