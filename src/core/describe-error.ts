// An error as the user reads it: the `error:` line, its hint, the API's answer under -o json, the
// stack under --verbose. src/cli.ts writes it for one run; a fleet prints it per instance and keeps
// it in its JSON.

import { ApiError, CancelledError, ExitCode, exitCodeFor, hintFor, looksLikeHtml } from './errors.js';
import { jsonText } from './output.js';
import type { Redactor } from './redact.js';
import { maskUrlCredentials, onOneLine, visible } from './safe-text.js';

export interface DescribedError {
  code: number;
  /** Lines for stderr, without their newline. */
  lines: string[];
  /** The same as data: `{message, hint?, status?, ...the API's answer}`. */
  json: Record<string, unknown>;
}

export function describeError(err: unknown, o: { redactor: Redactor; output: string; verbose: boolean }): DescribedError {
  const code = exitCodeFor(err);
  const message = err instanceof Error ? err.message : String(err);
  const lines: string[] = [];
  const safe = (s: string) => visible(maskUrlCredentials(o.redactor.text(s)));
  // Declining a confirmation (or Ctrl-C) is the user's choice, not a failure: no `error:` (exit 130 still).
  const line = err instanceof CancelledError ? cancelledLine(message) : `error: ${message}`;
  lines.push(indentedAfterFirst(safe(line)));
  const hint = hintFor(err) ?? defaultHint(err);
  // A hint is one line: one an explain built from the server's words too.
  if (hint) lines.push(`hint: ${safe(onOneLine(hint))}`);
  const json: Record<string, unknown> = { message: safe(message) };
  if (hint) json.hint = safe(hint);
  if (err instanceof ApiError) {
    // A proxy's HTML page is not repeated: the message already says what it was.
    const html = typeof err.body === 'string' && looksLikeHtml(err.body, undefined);
    const body = err.body && typeof err.body === 'object' && !Array.isArray(err.body) ? (err.body as object) : html ? {} : { body: err.body };
    const answer = o.redactor.value({ status: err.status, message: err.message, ...body }) as Record<string, unknown>;
    // The shared JSON writer: DEL and C1 escaped, URL credentials masked, like JSON on stdout.
    if (o.output === 'json' || o.output === 'ndjson') lines.push(jsonText(answer));
    Object.assign(json, { ...answer, message: json.message });
  }
  if (o.verbose && err instanceof Error && !(err instanceof ApiError) && code === ExitCode.failed && err.stack) {
    lines.push(visible(maskUrlCredentials(o.redactor.text(err.stack))));
  }
  return { code, lines, json };
}

/**
 * The lines after an error's first (a file's problems, what changed since a plan) stand indented, so
 * none of them, whatever text it quotes, reads as an `error:` or `hint:` line of its own.
 */
function indentedAfterFirst(text: string): string {
  return text.includes('\n') ? text.replace(/\n(?![ \t])/g, '\n  ') : text;
}

/** `cancelled: nothing was changed`; a message that already says it was cancelled, interrupted or stopped stays as it is. */
function cancelledLine(message: string): string {
  return /^(cancelled|interrupted|stopped)\b/.test(message) ? message : `cancelled: ${message}`;
}

function defaultHint(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const scope = err.insufficientScope;
  if (scope !== undefined) return scope ? `the token lacks the "${scope}" scope; use a token that has it` : 'the token lacks a required scope';
  if (err.status === 401) return 'the token is missing, invalid, expired or revoked; check it with `forgectl token self` or update the profile';
  if (err.status === 403) return 'the credential is valid but not allowed to do this (role, tier or instance setting)';
  if (err.status === 429) return 'rate limited: wait and try again, or raise --retries';
  return undefined;
}
