// python-gitlab (Debian's python3-gitlab, installed by .ci/run) signs in, lists projects across
// pages and groups, and reads the current user. A failure here is a sandbox bug to fix.

import { execaSync, execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const SCRIPT = fileURLToPath(new URL('./python_gitlab_run.py', import.meta.url));

/** A python with the gitlab module: pyenv shims may hide the system one, so try both. */
function findPython(): string | undefined {
  for (const py of ['python3', '/usr/bin/python3']) {
    try {
      if (execaSync(py, ['-c', 'import gitlab'], { reject: false }).exitCode === 0) return py;
    } catch {
      // not there
    }
  }
  return undefined;
}

const python = findPython();
const sandbox = useSandbox();

describe.skipIf(!python)('python-gitlab against the sandbox', () => {
  it('signs in, lists projects across pages and groups, reads users and a project', async () => {
    const sb = sandbox();
    const res = await execa(python!, [SCRIPT, sb.url, sb.tokens.alice], { reject: false });
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.user).toBe('alice');
    expect(out.version).toMatch(/^\d+\.\d+\.\d+/);
    // Every project alice may see, fetched 7 at a time, each once.
    const seen = sb.state.projects.filter((p) => !p.pendingDelete && !p.hidden && sb.state.canSee(sb.state.findUser('alice'), p));
    expect(out.projects).toHaveLength(seen.length);
    expect(new Set(out.projects).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(7 * 3);
    expect(out.projects_iterated).toBe(seen.length);
    // Keyset pagination follows the Link header, ids ascending.
    expect(out.projects_keyset).toEqual(seen.map((p) => p.id).sort((a, b) => a - b));
    expect(out.groups).toEqual(expect.arrayContaining(['acme', 'acme/platform', 'acme/web', 'opensource']));
    expect(out.groups_all_available).not.toContain('research');
    expect(out.group.full_name).toBe('Acme / Platform');
    expect(out.subgroups.sort()).toEqual(['acme/platform', 'acme/web']);
    expect(out.group_projects).toContain('api');
    expect(out.users_by_username).toEqual(['bob']);
    expect(out.user_by_id).toBe('alice');
    expect(out.project).toBe('acme/platform/api');
    expect(out.hidden_group).toBe(404);
  });
});

describe.skipIf(!!python)('python-gitlab', () => {
  it.skip('skipped: python3-gitlab is not installed (apt-get install python3-gitlab; .ci/run installs it)', () => {});
});
