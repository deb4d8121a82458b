// A private tmux server for tests that need a real terminal: its own socket per test file, so
// parallel files never see each other's sessions, and one place that knows whether tmux is here.

import { execFileSync } from 'node:child_process';

export const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

/** Runs tmux commands on a server of the test file's own (`-u`: UTF-8 whatever the locale). */
export function tmuxServer(name: string, opts: { utf8?: boolean } = {}): { tmux: (...args: string[]) => string; kill: () => void } {
  const socket = `forgectl-${name}-test-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', [...(opts.utf8 ? ['-u'] : []), '-L', socket, ...args], { encoding: 'utf8' });
  return {
    tmux,
    kill: () => {
      try {
        if (hasTmux) tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
}
