// Secret references of the instance file, resolved before any request: `{env: NAME}` reads the
// environment, `{command: "…"}` runs a helper as `--token-command` does (no shell, first line, or a
// whole PEM block for a private key).

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { runTokenCommand } from '../../core/token-command.js';
import { SecretRefSchema, type SecretRef } from './model.js';

export function isSecretRef(v: unknown): v is SecretRef {
  return SecretRefSchema.safeParse(v).success;
}

/** The value a reference names; `owner` says what it is for ("system_hooks[0].token"). Never logged. */
export async function resolveSecret(ctx: Context, ref: SecretRef, owner: string): Promise<string> {
  let value: string;
  if ('env' in ref) {
    value = ctx.env[ref.env] ?? '';
    if (!value) throw new UsageError(`${owner}: the environment variable ${ref.env} is not set (or empty)`, `export ${ref.env} before running forgectl`);
  } else {
    try {
      // A secret sent in a body: a private key may be a whole PEM block, where a token is one line.
      value = await runTokenCommand(ref.command, { env: ctx.env, timeoutMs: ctx.globals.timeout * 1000, owner, signal: ctx.abort.signal, value: 'secret' });
    } catch (err) {
      throw new UsageError(`${owner}: ${(err as Error).message}`);
    }
    if (!value) throw new UsageError(`${owner}: the command printed nothing`);
  }
  ctx.redactor.add(value);
  // Each line of a key too, should a message quote one alone (not its BEGIN and END lines, which are no secret).
  if (value.includes('\n')) for (const line of value.split('\n')) if (!line.startsWith('-----')) ctx.redactor.add(line);
  return value;
}
