// Sandbox-only endpoints, outside /api/v4 (no real instance has them), for administrators:
//   GET  /-/sandbox/requests[?since=N]  the request log (from entry N on)
//   GET  /-/sandbox/faults              faults still pending, as a fault spec
//   POST /-/sandbox/faults              {"spec":"503:2,reset:1"} queues faults for the next /api/v4 requests
//   DELETE /-/sandbox/faults            drops the pending faults

import { requireAdmin } from '../access/admin.js';
import { badRequest } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';


export const sandboxAdminModule: SandboxModule = {
  name: 'sandbox',
  prefix: '/-/sandbox',
  register(router) {
    router.get('/requests', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const since = r.int('since') ?? 0;
      r.done();
      return { body: req.state.requests.slice(Math.max(0, since)) };
    });
    router.get('/faults', (req) => {
      requireAdmin(req);
      return { body: { pending: req.state.faults.pending() } };
    });
    router.post('/faults', (req) => {
      requireAdmin(req);
      const spec = new ParamReader(req.input()).string('spec');
      if (!spec) throw badRequest('"spec" not given');
      try {
        req.state.faults.add(spec);
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      return { status: 201, body: { pending: req.state.faults.pending() } };
    });
    router.delete('/faults', (req) => {
      requireAdmin(req);
      req.state.faults.clear();
      return { status: 204 };
    });
  },
};
