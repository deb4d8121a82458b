// Finding the group a request names (`/groups/:id/...`, id or URL-encoded full path) and who may
// read it: GitLab's find_group! answers 404 both when it does not exist and when the caller may
// not see it.

import { notFound } from './http/errors.js';
import type { SandboxRequest } from './router.js';
import type { SandboxState } from './state.js';
import { ACCESS, type Group, type User } from './types.js';

/** Public for all, internal for signed-in non-external users, private for members (inherited too). */
export function canSeeGroup(state: SandboxState, user: User | null | undefined, group: Group): boolean {
  if (user?.admin) return true;
  if (group.visibility === 'public') return true;
  if (!user || user.state !== 'active') return false;
  if (group.visibility === 'internal' && !user.external) return true;
  return state.memberAccess(user, group) >= ACCESS.guest;
}

export function findGroupOrFail(req: SandboxRequest, param = 'id'): Group {
  const group = req.state.findGroup(req.params[param] ?? '');
  if (!group || !canSeeGroup(req.state, req.user, group)) throw notFound('Group');
  return group;
}
