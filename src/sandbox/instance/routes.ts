// GET /version and /metadata (doc/api/version.md, metadata.md): what a client checks first. The
// version the sandbox claims is the one its behaviour follows (spec: GitLab 17.x); `enterprise`
// follows the sandbox's tier.

import type { SandboxModule } from '../sandbox-module.js';
import type { Router, SandboxRequest } from '../http/router.js';

export const SANDBOX_GITLAB_VERSION = '17.6.0';
const REVISION = '5f1a2c3d4e5';

function version(req: SandboxRequest): string {
  return req.state.instance.tier === 'free' ? SANDBOX_GITLAB_VERSION : `${SANDBOX_GITLAB_VERSION}-ee`;
}

export const instanceModule: SandboxModule = {
  name: 'instance',
  register(router: Router) {
    const opts = { scopes: ['read_user', 'ai_features'] };
    router.get('/version', (req) => ({ body: { version: version(req), revision: REVISION, kas: { enabled: false, externalUrl: null, version: null }, enterprise: req.state.instance.tier !== 'free' } }), opts);
    router.get(
      '/metadata',
      (req) => ({ body: { version: version(req), revision: REVISION, kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null }, enterprise: req.state.instance.tier !== 'free' } }),
      opts,
    );
  },
};
