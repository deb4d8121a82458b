// Project listing (spec part 3 §4.6) and reading one project. Anonymous callers get public projects
// in the simple shape; job tokens are not accepted here (GitLab's projects API does not allow them,
// so a JOB-TOKEN is ignored and the caller is anonymous).

import { notFound } from '../http/errors.js';
import { keysetPage, keysetRequested, keysetUnavailable, offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import { findProjectOrFail } from '../access/projects.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { Project } from '../types.js';
import { fullProject, simpleProject } from './entity.js';
import { ORDER_BY, USER_ORDER_BY, applyProjectQuery, checkUpdatedAtPairing, readProjectQuery, type ProjectQuery } from './filters.js';
import { seedProjects } from './seed.js';
import { seedExtraProjects } from './seed-extra.js';

function renderer(req: SandboxRequest, q: Pick<ProjectQuery, 'simple' | 'statistics' | 'withCustomAttributes'>): (p: Project) => unknown {
  const { state, user } = req;
  if (!user || q.simple) return (p) => simpleProject(state, p);
  return (p) => fullProject(state, p, { user, statistics: q.statistics, customAttributes: q.withCustomAttributes });
}

function list(req: SandboxRequest, candidates: readonly Project[], q: ProjectQuery, page: ReturnType<typeof readPage>): HandlerResult {
  const render = renderer(req, q);
  if (keysetRequested(req)) {
    // Keyset pagination of projects exists only for order_by=id (spec part 3 §4.6).
    if (q.orderBy !== 'id') throw keysetUnavailable();
    const items = applyProjectQuery(req.state, req.user, candidates, q);
    return keysetPage(req, page.perPage, items, render, { param: q.sort === 'asc' ? 'id_after' : 'id_before', key: (p) => p.id });
  }
  const items = applyProjectQuery(req.state, req.user, candidates, q);
  return offsetPage(req, page, items, render, { offsetLimit: { limit: req.state.instance.offsetPaginationLimit, type: 'Project' } });
}

function listProjects(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const q = readProjectQuery(r, ORDER_BY);
  checkUpdatedAtPairing(q);
  return list(req, req.state.projects, q, page);
}

function listUserProjects(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const q = readProjectQuery(r, USER_ORDER_BY);
  const { state, user } = req;
  const owner = state.findUser(req.params.user_id);
  if (!owner) throw notFound('User');
  // A private profile hides the user's projects from everyone but the user and administrators.
  const hidden = owner.privateProfile && !user?.admin && user?.id !== owner.id;
  const candidates = hidden ? [] : state.projects.filter((p) => p.namespaceId === owner.namespaceId);
  return list(req, candidates, q, page);
}

function getProject(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const statistics = r.bool('statistics');
  const withCustomAttributes = r.bool('with_custom_attributes');
  r.bool('license');
  r.done();
  const project = findProjectOrFail(req);
  return { body: renderer(req, { statistics, withCustomAttributes })(project) };
}

export const projectsModule: SandboxModule = {
  name: 'projects',
  register(router: Router) {
    router.get('/projects', listProjects, { auth: 'optional' });
    router.get('/users/:user_id/projects', listUserProjects, { auth: 'optional' });
    router.get('/projects/:id', getProject, { auth: 'optional' });
  },
  seed(state, kind, opts) {
    if (kind === 'demo') seedProjects(state);
    if (opts.extraProjects) seedExtraProjects(state, opts.extraProjects);
  },
};
