// The project of the git checkout the command runs in, as glab infers it: the remote (origin first)
// whose host is the instance's host. Read from .git/config directly, so no git binary is needed.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface GitRemote {
  name: string;
  url: string;
}

/** The .git directory holding the config of the checkout around `cwd` (worktrees included). */
export function findGitConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      let gitDir = dotGit;
      if (statSync(dotGit).isFile()) {
        // A worktree or submodule: `.git` is a file `gitdir: <path>`.
        const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
        if (!m) return undefined;
        gitDir = isAbsolute(m[1].trim()) ? m[1].trim() : resolve(dir, m[1].trim());
        const common = join(gitDir, 'commondir');
        if (existsSync(common)) gitDir = resolve(gitDir, readFileSync(common, 'utf8').trim());
      }
      const config = join(gitDir, 'config');
      return existsSync(config) ? config : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** `[remote "origin"] url = …` entries of a git config file, in file order. */
export function parseRemotes(configText: string): GitRemote[] {
  const out: GitRemote[] = [];
  let current: string | undefined;
  for (const line of configText.split(/\r?\n/)) {
    const section = /^\s*\[\s*remote\s+"([^"]+)"\s*\]/.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (/^\s*\[/.test(line)) {
      current = undefined;
      continue;
    }
    const url = /^\s*url\s*=\s*(.+?)\s*$/.exec(line);
    if (current && url) out.push({ name: current, url: url[1] });
  }
  return out;
}

/** Host and project path of a remote URL: https, ssh:// and scp-like `git@host:group/project.git`. */
export function remoteProject(url: string): { host: string; path: string } | undefined {
  let host: string;
  let path: string;
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/\/)(.+)$/.exec(url);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return undefined;
    }
    host = u.hostname;
    path = decodeURIComponent(u.pathname);
  } else if (scp) {
    host = scp[1];
    path = scp[2];
  } else return undefined;
  path = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  if (!path.includes('/')) return undefined;
  return { host: host.toLowerCase(), path };
}

/**
 * The project path the checkout around `cwd` points at on `instanceUrl`'s host; origin wins over
 * other remotes. A base URL with a path (`https://host/gitlab`) has that prefix removed.
 */
export function projectFromCheckout(cwd: string, instanceUrl: string): { remote: string; path: string } | undefined {
  const config = findGitConfig(cwd);
  if (!config) return undefined;
  const base = new URL(instanceUrl);
  const prefix = base.pathname.replace(/^\/+|\/+$/g, '');
  const remotes = parseRemotes(readFileSync(config, 'utf8')).sort((a, b) => Number(b.name === 'origin') - Number(a.name === 'origin'));
  for (const r of remotes) {
    const p = remoteProject(r.url);
    if (!p || p.host !== base.hostname.toLowerCase()) continue;
    let path = p.path;
    if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length + 1);
    return { remote: r.name, path };
  }
  return undefined;
}
