// Which instance `state apply --plan` talks to when none is named: the plan names its profile and
// URL, so the profile is used when it exists here with that URL (issue 40). Otherwise the refusal
// names the profile to give with -p.

import type { Context } from '../../context.js';
import { normalizeBaseUrl } from '../../core/http.js';
import { maskUrlCredentials } from '../../core/safe-text.js';
import type { PlanInstance } from './document.js';

/** The URL of a profile as a plan names its instance. */
const planUrl = (url: string) => {
  try {
    return maskUrlCredentials(normalizeBaseUrl(url));
  } catch {
    return undefined;
  }
};

/** A profile of this machine for the plan's instance: its own profile first, else any with its URL. */
export async function profileFor(ctx: Context, instance: PlanInstance): Promise<string | undefined> {
  let store;
  try {
    store = await ctx.profiles();
  } catch {
    return undefined;
  }
  const own = instance.profile ? store.get(instance.profile) : undefined;
  if (own && planUrl(own.url) === instance.url) return own.name;
  return store.list().find((p) => planUrl(p.url) === instance.url)?.name;
}

/** Without -p, --url or their variables, apply to the plan's own profile when it exists with the plan's URL. */
export async function choosePlanProfile(ctx: Context, instance: PlanInstance): Promise<void> {
  const { globals: g, env } = ctx;
  if (g.profile || g.url || env.FORGECTL_PROFILE || env.FORGECTL_URL || env.GITLAB_HOST || !instance.profile) return;
  const store = await ctx.profiles();
  const own = store.get(instance.profile);
  if (own && planUrl(own.url) === instance.url) g.profile = own.name;
}
