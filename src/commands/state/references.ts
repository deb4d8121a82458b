// Secret references of the instance file, resolved before any request: `{env: NAME}` reads the
// environment, `{command: "…"}` runs a helper as `--token-command` does (no shell, first line, or a
// whole PEM block for a private key). Resolved by src/core/secret-refs.ts, as an inventory's are.

import type { Context } from '../../context.js';
import { resolveSecretRef } from '../../core/secret-refs.js';
import { SecretRefSchema, type SecretRef } from './model.js';

export function isSecretRef(v: unknown): v is SecretRef {
  return SecretRefSchema.safeParse(v).success;
}

/** The value a reference names; `owner` says what it is for ("system_hooks[0].token"). Never logged. */
export function resolveSecret(ctx: Context, ref: SecretRef, owner: string): Promise<string> {
  // A failing command is a problem of the file, checked before anything is sent (exit 2).
  return resolveSecretRef(ctx, ref, owner, { value: 'secret', commandFailure: 'usage' });
}
