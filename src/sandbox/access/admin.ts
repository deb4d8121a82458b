// GitLab's `authenticated_as_admin!`, the one admin check of every family and of /-/sandbox/.

import { forbidden, unauthorized } from '../http/errors.js';
import type { SandboxRequest } from '../http/router.js';

/** Anonymous callers get 401, signed-in non-administrators 403. */
export function requireAdmin(req: SandboxRequest): void {
  if (!req.user) throw unauthorized();
  if (!req.user.admin) throw forbidden();
}
