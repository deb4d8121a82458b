// Finding the group a request names (`/groups/:id/...`, id or URL-encoded full path): GitLab's
// find_group! answers 404 both when it does not exist and when the caller may not read it.

import { notFound } from '../http/errors.js';
import type { SandboxRequest } from '../router.js';
import type { Group } from '../types.js';
import { canReadGroup } from './policy.js';

export function findGroupOrFail(req: SandboxRequest, param = 'id'): Group {
  return findGroupByRefOrFail(req, req.params[param] ?? '');
}

export function findGroupByRefOrFail(req: SandboxRequest, idOrPath: string): Group {
  const group = req.state.findGroup(idOrPath);
  if (!group || !canReadGroup(req.state, req.user, group)) throw notFound('Group');
  return group;
}
