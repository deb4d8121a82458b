// Starred metrics dashboards (spec part 3 §4.5): a user stars a dashboard path of a project.

import { badRequest } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import { findProjectOrFail } from '../access/projects.js';
import type { SandboxModule } from '../sandbox-module.js';
import { dashboardsStore } from './store.js';

export const dashboardsModule: SandboxModule = {
  name: 'dashboards',
  register(router) {
    router.post('/projects/:id/metrics/user_starred_dashboards', (req) => {
      const project = findProjectOrFail(req);
      const r = new ParamReader(req.input());
      const path = r.required('dashboard_path');
      r.done();
      const s = dashboardsStore(req.state);
      const user = req.user!;
      if (s.stars.some((x) => x.userId === user.id && x.projectId === project.id && x.dashboardPath === path)) {
        throw badRequest('dashboard_path has already been taken');
      }
      const star = { id: s.nextStarId++, userId: user.id, projectId: project.id, dashboardPath: path! };
      s.stars.push(star);
      return { status: 201, body: { id: star.id, dashboard_path: star.dashboardPath, user_id: star.userId, project_id: star.projectId } };
    });

    router.delete('/projects/:id/metrics/user_starred_dashboards', (req) => {
      const project = findProjectOrFail(req);
      const r = new ParamReader(req.input());
      const path = r.string('dashboard_path');
      r.done();
      const s = dashboardsStore(req.state);
      const before = s.stars.length;
      s.stars = s.stars.filter((x) => !(x.userId === req.user!.id && x.projectId === project.id && (path === undefined || x.dashboardPath === path)));
      return { status: 200, body: { deleted_rows: before - s.stars.length } };
    });
  },
};
