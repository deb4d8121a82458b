// Finding the project a request names, shared by every module with `/projects/:id/...` routes:
// 404 when it does not exist or the caller may not see it, and for a project named by an old
// path (after a rename), 301 to the numeric address, for writes as for reads: the spec (part 1
// §9.5) has clients follow it and repeat the request. (GitLab itself answers 405 to non-GET
// methods, gitlab-org/gitlab!128642; the sandbox follows the spec.)

import { ApiError, notFound } from '../http/errors.js';
import type { SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import type { Project, User } from '../types.js';

export function findProjectOrFail(req: SandboxRequest, param = 'id'): Project {
  const found = req.state.findProject(req.params[param] ?? '');
  if (!found || !req.state.canSee(req.user, found.project)) throw notFound('Project');
  if (found.moved) throw moved(req.state, req.fullPath, req.rawParams[param], req.rawQuery, found.project);
  return found.project;
}

/**
 * For a path under `/projects/<old path>/…` that no module serves (yet): a real instance has the
 * route, so the sandbox still answers the redirect rather than 404.
 */
export function movedProjectFallback(state: SandboxState, fullPath: string, rawQuery: string, caller: () => User | null): ApiError | undefined {
  const m = /^\/api\/v4\/projects\/([^/]+)(\/|$)/.exec(fullPath);
  if (!m) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
  const found = state.findProject(id);
  // The caller is only worked out (and a bad credential refused) for a path that is a project's old one.
  if (!found?.moved || !state.canSee(caller(), found.project)) return undefined;
  return moved(state, fullPath, m[1], rawQuery, found.project);
}

/** The same request addressed by the project's numeric id, rest of the path and query kept. */
function moved(state: SandboxState, fullPath: string, rawId: string | undefined, rawQuery: string, project: Project): ApiError {
  const segments = fullPath.split('/');
  const at = rawId === undefined ? -1 : segments.indexOf(rawId);
  if (at !== -1) segments[at] = String(project.id);
  const url = `${state.baseUrl}${segments.join('/')}${rawQuery ? `?${rawQuery}` : ''}`;
  return new ApiError(301, `This resource has been moved permanently to ${url}`, { Location: url });
}
