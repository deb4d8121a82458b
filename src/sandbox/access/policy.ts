// The one access model every family uses (GitLab's doc/user/public_access.md, permissions.md and
// user/group/subgroups): who may read a group or project, and with which role.
// - Visibility: public for everyone, internal for signed-in users who are not external, private
//   for members only. Blocked users see only public things.
// - Membership flows down the tree: a member of a group is a member of every subgroup and project
//   below it, at their highest role on the way. It never flows up as a role.
// - Seeing a parent: GitLab's GroupPolicy grants read_group to whoever has access to a project
//   anywhere in the group's tree (`has_projects`), not to members of a subgroup as such
//   (gitlab-org/gitlab#36658). So a member of `research/ml`, which holds projects, reads the private
//   `research` (its record, epics, wikis, releases… everything gated by read_group), but has no role
//   there; a member of a private subgroup without projects does not see its parent.
// - Administrators see everything and count as level 60; `Sudo` is resolved before (auth.ts), so
//   the rules apply to the user the request runs as.

import { ACCESS, type Namespace, type Project, type User } from '../types.js';

/** The part of the sandbox state the rules read; SandboxState has it (and delegates to these rules). */
interface AccessTree {
  readonly namespaces: ReadonlyMap<number, Namespace>;
  readonly projects: readonly Project[];
  namespace(id: number): Namespace;
  /** The namespace and its ancestors, nearest first. */
  ancestors(ns: Namespace): readonly Namespace[];
}

/** Access from memberships only: direct, inherited from parent groups, or owning the personal namespace. */
export function memberAccess(state: AccessTree, user: User | null | undefined, target: Project | Namespace): number {
  if (!user) return ACCESS.none;
  if ('namespaceId' in target) {
    const direct = target.members?.get(user.id) ?? ACCESS.none;
    const ns = state.namespace(target.namespaceId);
    if (ns.kind === 'user') return ns.ownerId === user.id ? ACCESS.owner : direct;
    return Math.max(direct, memberAccess(state, user, ns));
  }
  if (target.kind === 'user') return target.ownerId === user.id ? ACCESS.owner : ACCESS.none;
  let best: number = ACCESS.none;
  for (const ns of state.ancestors(target)) best = Math.max(best, ns.members.get(user.id) ?? ACCESS.none);
  return best;
}

/** Effective access level: memberships, or 60 for an administrator. */
export function accessLevel(state: AccessTree, user: User | null | undefined, target: Project | Namespace): number {
  if (!user) return ACCESS.none;
  if (user.admin) return ACCESS.admin;
  return memberAccess(state, user, target);
}

function visible(state: AccessTree, user: User | null | undefined, target: Project | Namespace): boolean {
  if (user?.admin) return true;
  if (target.visibility === 'public') return true;
  if (!user || user.state !== 'active') return false;
  if (target.visibility === 'internal' && !user.external) return true;
  return memberAccess(state, user, target) >= ACCESS.guest;
}

/** Whether the user may read the project (and so its issues, merge requests, snippets…). */
export function canReadProject(state: AccessTree, user: User | null | undefined, project: Project): boolean {
  return visible(state, user, project);
}

/** Whether the user is a member (direct or inherited) of some project in the group's tree. */
function hasProjectsIn(state: AccessTree, user: User, group: Namespace): boolean {
  const tree = new Set<number>([group.id]);
  // Namespaces are created parent first, so one pass in id order collects the whole subtree.
  for (const ns of state.namespaces.values()) if (ns.parentId !== null && tree.has(ns.parentId)) tree.add(ns.id);
  return state.projects.some((p) => tree.has(p.namespaceId) && !p.pendingDelete && memberAccess(state, user, p) >= ACCESS.guest);
}

/**
 * read_group: the group's record and everything group-level (epics, wikis, releases, notification
 * settings, protected environments…), the same for every family.
 */
export function canReadGroup(state: AccessTree, user: User | null | undefined, group: Namespace): boolean {
  if (visible(state, user, group)) return true;
  return !!user && user.state === 'active' && hasProjectsIn(state, user, group);
}
