// What a merge-request handler starts with: the clock applied, the project, the merge request. The
// merge trains' handlers use them too, so they live apart from either family's routes.

import { findProjectOrFail } from '../access/projects.js';
import { ApiError, forbidden } from '../http/errors.js';
import type { Handler, SandboxRequest } from '../http/router.js';
import type { Project } from '../types.js';
import { advance, canReadMergeRequests } from './lifecycle.js';
import { mrStore, type MergeRequestRecord } from './store.js';

/** Every handler first applies what the clock made due (pipelines finishing, automatic merges). */
export function clocked(handler: Handler): Handler {
  return (req) => {
    advance(req.state);
    return handler(req);
  };
}

/** The project, visible to the caller and with merge requests the caller may read. */
export function mrProject(req: SandboxRequest): Project {
  const project = findProjectOrFail(req);
  if (!canReadMergeRequests(req.state, req.user, project)) throw forbidden();
  return project;
}

export function findMr(req: SandboxRequest, project: Project): MergeRequestRecord {
  const iid = /^\d+$/.test(req.params.merge_request_iid ?? '') ? Number(req.params.merge_request_iid) : NaN;
  const mr = mrStore(req.state).find(project.id, iid);
  // GitLab's find_by! raises RecordNotFound, rendered as below.
  if (!mr) throw new ApiError(404, { message: '404 Not found' });
  return mr;
}
