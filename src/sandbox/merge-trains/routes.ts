// Merge trains (spec part 2 §4.2, §5 rule 2, §7; GitLab's ee/lib/api/merge_trains.rb). Available
// on the Premium and Ultimate tiers with merge trains enabled in the project (setting
// `merge_trains_enabled`, on unless a test turns it off); else 403. Developer role needed; a
// non-member of a private project gets 404.
//
// Sandbox-only switch, outside /api/v4 (administrators): PUT /-/sandbox/tier {"tier":"free"}.

import { requireAdmin } from '../access/admin.js';
import { ApiError, badRequest, forbidden } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import { findProjectOrFail } from '../access/projects.js';
import { trainCarJson } from '../merge-requests/entity.js';
import { clocked, findMr } from '../merge-requests/handlers.js';
import { addTrainCar, currentPipelineStatus, detailedMergeStatus } from '../merge-requests/lifecycle.js';
import { mrStore, type TrainCar } from '../merge-requests/store.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Project } from '../types.js';

export const TIERS = ['free', 'premium', 'ultimate'] as const;
export type Tier = (typeof TIERS)[number];

export function trainsAvailable(state: SandboxState, project: Project): boolean {
  return state.instance.tier !== 'free' && project.settings?.merge_trains_enabled !== false;
}

function trainProject(req: SandboxRequest): Project {
  const project = findProjectOrFail(req);
  if (!trainsAvailable(req.state, project)) throw forbidden();
  if (req.state.accessLevel(req.user, project) < ACCESS.developer) throw forbidden();
  return project;
}

function readListQuery(req: SandboxRequest) {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const scope = r.oneOf('scope', ['active', 'complete'] as const);
  const sort = r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc';
  r.done();
  return { page, scope, sort };
}

function listCars(req: SandboxRequest, filter: (c: TrainCar) => boolean): HandlerResult {
  const { page, scope, sort } = readListQuery(req);
  const cars = mrStore(req.state)
    .cars.filter(filter)
    .filter((c) => scope === undefined || (scope === 'active' ? c.status !== 'merged' : c.status === 'merged'))
    .sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
  return offsetPage(req, page, cars, (c) => trainCarJson(req.state, c));
}

function listProjectTrains(req: SandboxRequest): HandlerResult {
  const project = trainProject(req);
  return listCars(req, (c) => c.projectId === project.id);
}

function listBranchTrain(req: SandboxRequest): HandlerResult {
  const project = trainProject(req);
  const branch = req.params.target_branch;
  return listCars(req, (c) => c.projectId === project.id && c.targetBranch === branch);
}

function carOf(req: SandboxRequest, project: Project, mrId: number): TrainCar | undefined {
  const cars = mrStore(req.state).cars.filter((c) => c.projectId === project.id && c.mrId === mrId);
  return cars[cars.length - 1];
}

function status(req: SandboxRequest): HandlerResult {
  const project = trainProject(req);
  const mr = findMr(req, project);
  const car = carOf(req, project, mr.id);
  if (!car) throw new ApiError(404, { message: '404 Not found' });
  return { body: trainCarJson(req.state, car) };
}

function add(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const user = req.user!;
  const r = new ParamReader(req.input());
  const sha = r.string('sha');
  const squash = r.bool('squash');
  const whenPipelineSucceeds = r.bool('when_pipeline_succeeds') ?? r.bool('auto_merge') ?? false;
  r.done();
  const project = trainProject(req);
  const mr = findMr(req, project);
  const store = mrStore(state);
  const existing = carOf(req, project, mr.id);
  if ((existing && existing.status !== 'merged') || store.pendingCars.has(mr.id)) throw badRequest('Merge request is already on the merge train');
  if (sha !== undefined && sha !== store.sha(mr)) throw new ApiError(409, { message: 'SHA does not match HEAD of source branch' });
  const mergeStatus = detailedMergeStatus(state, project, mr);
  const pipeline = currentPipelineStatus(state, mr);
  const waiting = whenPipelineSucceeds && pipeline === 'running';
  if (mergeStatus !== 'mergeable' && !(waiting && mergeStatus === 'ci_still_running')) {
    throw badRequest(`Merge request is not mergeable (${mergeStatus})`);
  }
  if (pipeline === 'failed') throw badRequest('Merge request is not mergeable (ci_must_pass)');
  if (waiting) {
    // Added once the pipeline succeeds: nothing on the train yet (202, an empty array).
    store.pendingCars.set(mr.id, { userId: user.id, squash: squash ?? mr.squash, at: state.clock.now() });
    return { status: 202, body: [] };
  }
  const car = addTrainCar(state, mr, user.id, squash ?? mr.squash);
  return { status: 201, body: [trainCarJson(state, car)] };
}

export const mergeTrainsModule: SandboxModule = {
  name: 'merge_trains',
  register(router: Router) {
    router.get('/projects/:id/merge_trains', clocked(listProjectTrains));
    router.get('/projects/:id/merge_trains/:target_branch', clocked(listBranchTrain));
    router.get('/projects/:id/merge_trains/merge_requests/:merge_request_iid', clocked(status));
    router.post('/projects/:id/merge_trains/merge_requests/:merge_request_iid', clocked(add));
  },
};

/** The instance's tier, switched by an administrator to see what lower tiers answer. */
export const sandboxTierModule: SandboxModule = {
  name: 'sandbox-tier',
  prefix: '/-/sandbox',
  register(router: Router) {
    router.get('/tier', (req) => {
      requireAdmin(req);
      return { body: { tier: req.state.instance.tier } };
    });
    router.put('/tier', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const tier = r.oneOf('tier', TIERS);
      r.done();
      if (!tier) throw badRequest('"tier" not given');
      req.state.instance.tier = tier;
      return { body: { tier } };
    });
  },
};
