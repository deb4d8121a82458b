// Error answers. Handlers and helpers throw an ApiError; the server renders it. Texts follow
// GitLab's API helpers (lib/api/helpers.rb): `403 Forbidden - <reason>`, `400 Bad request - <reason>`,
// `404 <Resource> Not Found`.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

function withReason(base: string, reason?: string): string {
  return reason ? `${base} - ${reason}` : base;
}

export const unauthorized = (reason?: string) => new ApiError(401, { message: withReason('401 Unauthorized', reason) });
export const forbidden = (reason?: string) => new ApiError(403, { message: withReason('403 Forbidden', reason) });
export const badRequest = (reason?: string) => new ApiError(400, { message: withReason('400 Bad request', reason) });
export const notFound = (resource?: string) => new ApiError(404, { message: resource ? `404 ${resource} Not Found` : '404 Not Found' });
export const notAllowed = (message = '405 Method Not Allowed') => new ApiError(405, { message });
export const conflict = (message = '409 Conflict') => new ApiError(409, { message });
export const unprocessable = (message: unknown = '422 Unprocessable Entity') => new ApiError(422, { message });

export const INSUFFICIENT_SCOPE_DESCRIPTION = 'The request requires higher privileges than provided by the access token.';

/** The OAuth-style body of spec part 1 §5: no `message`, the scopes that would do, space-separated. */
export function insufficientScope(scopes: readonly string[]): ApiError {
  const scope = scopes.join(' ');
  return new ApiError(
    403,
    { error: 'insufficient_scope', error_description: INSUFFICIENT_SCOPE_DESCRIPTION, scope },
    { 'WWW-Authenticate': `Bearer realm="GitLab", error="insufficient_scope", error_description="${INSUFFICIENT_SCOPE_DESCRIPTION}", scope="${scope}"` },
  );
}

/**
 * Parameter validation failures, joined as Grape joins them (`state does not have a valid value,
 * revoked is invalid`). GitLab renders these under `error`; the spec (part 1 §7) puts every error
 * text in `message`, which the sandbox follows.
 */
export function invalidParams(errors: string[]): ApiError {
  return new ApiError(400, { message: errors.join(', ') });
}
