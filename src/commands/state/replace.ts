// `state plan|apply --replace 'system_hooks[URL]'`: a hook replaced although nothing compared
// differs (its token is never returned, so a rotated secret shows no difference), as Terraform's
// `-replace`. Addresses are checked before any request, against the file, then the instance.

import { UsageError } from '../../core/errors.js';
import { maskUrlCredentials } from '../../core/safe-text.js';

const ADDRESS = /^system_hooks\[(.+)\]$/s;

/** The URLs the addresses name, or exit 2 for one that names no hook. */
export function parseReplace(addresses: readonly string[] | undefined): string[] {
  return (addresses ?? []).map((a) => {
    const url = ADDRESS.exec(a.trim())?.[1]?.replace(/^(["'])(.*)\1$/s, '$2');
    if (!url || !/^https?:\/\/[^/]/.test(url)) {
      throw new UsageError(`--replace ${JSON.stringify(maskUrlCredentials(a))} names no hook`, "give it as 'system_hooks[URL]' (only a hook is replaced on request: the others are updated in place)");
    }
    return url;
  });
}

/** A URL as --replace may name it: as the file gives it, or as the plan shows it (its password masked). */
export function asks(asked: readonly string[], url: string): boolean {
  return asked.includes(url) || asked.includes(maskUrlCredentials(url));
}

/** Each address must name a hook of the file (exit 2, before any request). */
export function checkReplaceInFile(asked: readonly string[], fileUrls: readonly string[], unresolved: boolean): void {
  for (const url of asked) {
    if (fileUrls.some((u) => asks([url], u))) continue;
    const more = unresolved ? ' (a hook whose url is a reference is not read with --no-secrets)' : '';
    throw new UsageError(`--replace system_hooks[${maskUrlCredentials(url)}]: the file has no hook with this URL${more}`, 'name a url of the file’s system_hooks');
  }
}

/** Why a replace asked for is planned: shown beside it and kept in a saved plan. */
export const ASKED = 'asked with --replace';
