// Which profiles a fleet takes: `--profiles a,b,'prod-*'` or `--all-profiles`. Used by the fleet
// runner and by `profile list`, which shows the selection without reaching any instance.

import { UsageError } from './errors.js';
import { nearest } from './nearest.js';

/** `no profile named NAME`, with the known name it was most likely meant to be. */
export function unknownProfile(name: string, known: readonly string[], hint = 'see `forgectl profile list`', label = ''): UsageError {
  const near = nearest(name, known);
  return new UsageError(`${label}no profile named ${label ? JSON.stringify(name) : name}`, near ? `did you mean ${near}?` : hint);
}

/** `*` any run of characters, `?` one; everything else literal. */
function globRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/**
 * The names selected, in the order given (a glob's matches by name): --serial runs them in that
 * order, so the canary goes first. A name or glob that matches no profile is a usage error.
 */
export function selectProfiles(available: readonly string[], patterns: readonly string[] | 'all', source = '--profiles', inventory?: string): string[] {
  if (patterns === 'all') {
    if (!available.length) throw new UsageError('--all-profiles: there are no profiles', 'add them with `forgectl profile add NAME --url URL --token-stdin`');
    return [...available].sort();
  }
  const out: string[] = [];
  for (const pattern of patterns) {
    const matches = /[*?]/.test(pattern) ? available.filter((n) => globRegExp(pattern).test(n)).sort() : available.filter((n) => n === pattern);
    if (!matches.length && inventory) throw new UsageError(`${source}: the inventory ${inventory} has no instance ${/[*?]/.test(pattern) ? 'matching' : 'named'} ${JSON.stringify(pattern)}`, `it has ${available.join(', ')}`);
    if (!matches.length && /[*?]/.test(pattern)) throw new UsageError(`${source}: no profile matches ${JSON.stringify(pattern)}`, 'see `forgectl profile list`');
    if (!matches.length) throw unknownProfile(pattern, available, undefined, `${source}: `);
    for (const m of matches) if (!out.includes(m)) out.push(m);
  }
  return out;
}

/** Where the fleet came from, as the user set it: a warning names what was actually typed or set. */
export function fleetSource(g: { allProfiles: boolean; profilesFromEnv?: boolean }): string {
  return g.allProfiles ? '--all-profiles' : g.profilesFromEnv ? 'FORGECTL_PROFILES' : '--profiles';
}

/** The selection the global options ask for, or undefined when they name no fleet. */
export function fleetPatterns(g: { profiles?: string[]; allProfiles: boolean }): readonly string[] | 'all' | undefined {
  return g.allProfiles ? 'all' : g.profiles;
}
