// The wizard's questions about the destination (this instance): a group you may create in, found by
// search, and a slug that is free there. Checked before the summary, so the service's 422
// ("Destination is invalid, or you don't have permission", "already exists") is never the first word.

import { MAINTAINER, entityAt, getCurrentUser, getGroup, hasGroupRole, searchGroups, type CurrentUser } from '../../api/instance.js';
import { ApiError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import type { Choice } from '../../core/prompt.js';
import { checkPath, destinationPath } from './rules.js';
import { rethrowCancel } from './wizard-source.js';

/** The choice for no parent group (a value no group path can be). */
export const TOP_LEVEL = '/';

const is404 = (e: unknown) => e instanceof ApiError && e.status === 404;

export class Destination {
  private me?: CurrentUser;
  constructor(
    readonly http: HttpClient,
    readonly url: string,
  ) {}

  async user(): Promise<CurrentUser> {
    this.me ??= await getCurrentUser(this.http);
    return this.me;
  }

  /** Administrators may create anywhere; others need Maintainer in the group (as the service checks). */
  private async creatable(term: string) {
    const admin = (await this.user()).is_admin === true;
    return searchGroups(this.http, term, admin ? {} : { minAccessLevel: MAINTAINER });
  }

  /**
   * Groups you may create in, matching what is typed; `?:PATH` for a typed path not found. For a group
   * you may create top-level groups with, the top level first (an empty destination namespace).
   */
  async source(kind: 'group' | 'project') {
    const me = await this.user();
    const topLevel = kind === 'group' && (me.is_admin === true || me.can_create_group !== false);
    return async (term: string | undefined): Promise<Choice[]> => {
      const t = term?.trim() ?? '';
      const groups = await this.creatable(t);
      const exact = (g: { full_path: string }) => Number(g.full_path.toLowerCase() === t.toLowerCase());
      groups.sort((a, b) => exact(b) - exact(a) || a.full_path.localeCompare(b.full_path));
      const choices: Choice[] = groups.map((g) => ({ name: `${g.full_path}  (group${g.visibility ? `, ${g.visibility}` : ''})`, value: g.full_path }));
      if (topLevel && (!t || 'top level'.startsWith(t.toLowerCase()))) {
        choices.unshift({ name: '(top level)  a new top-level group', value: TOP_LEVEL, description: 'no parent group: the migrated group becomes top-level' });
      }
      if (t && !groups.some(exact)) {
        choices.push({ name: term!, value: `?:${t}`, description: 'not among the groups you may create in: Enter says why' });
      }
      return choices;
    };
  }

  /** true, or why entities cannot be created under this group; `offered` where the wizard lists groups to pick. */
  async checkNamespace(path: string, offered = false): Promise<true | string> {
    const syntax = checkPath(path);
    if (syntax !== true) return syntax;
    try {
      await getGroup(this.http, path);
    } catch (e) {
      rethrowCancel(e);
      if (is404(e)) return `${path}: no such group on ${this.url} (create it first${offered ? ', or pick one of the list' : ''})`;
      return `cannot check ${path} on ${this.url}: ${(e as Error).message}`;
    }
    let allowed: boolean;
    try {
      allowed = (await this.user()).is_admin === true || (await hasGroupRole(this.http, path, MAINTAINER));
    } catch (e) {
      // A failed search is a reason to ask again, not the end of the wizard.
      rethrowCancel(e);
      return `cannot check your role in ${path} on ${this.url}: ${(e as Error).message}`;
    }
    if (!allowed) return `you may not create groups or projects in ${path} on ${this.url} (the Maintainer role or more is needed)`;
    return true;
  }

  /** What already is at this full path on the destination, if anything. */
  async occupant(fullPath: string): Promise<'group' | 'project' | null> {
    return entityAt(this.http, fullPath);
  }

  /** The first of SLUG, SLUG-2, SLUG-3… free under the namespace (and not in `taken`). */
  async freeSlug(namespace: string, slug: string, taken: Set<string>): Promise<string> {
    for (let n = 2; n < 100; n++) {
      const candidate = `${slug}-${n}`;
      const full = destinationPath(namespace, candidate);
      if (!taken.has(full.toLowerCase()) && (await this.occupant(full)) === null) return candidate;
    }
    return `${slug}-${Date.now().toString(36)}`;
  }
}
