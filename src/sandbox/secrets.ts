// Secrets derived from what they belong to and the sandbox's salt (random at each start): every
// start has secrets of its own, so one from another sandbox, or an earlier run, is refused.

import { createHash } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function derive(input: string, length: number, salt: string): string {
  const digest = createHash('sha256').update(`forgectl-sandbox:${salt ? `${salt}:` : ''}${input}`).digest();
  let out = '';
  for (let i = 0; out.length < length; i++) out += ALPHABET[digest[i % digest.length] & 63];
  return out;
}

/** Personal access token secret: `glpat-` and 20 characters, like GitLab's. */
export function patSecret(seed: string, salt = ''): string {
  return `glpat-${derive(`pat:${seed}`, 20, salt)}`;
}

export function oauthSecret(seed: string, salt = ''): string {
  return derive(`oauth:${seed}`, 64, salt).toLowerCase().replace(/[_-]/g, 'a');
}

export function jobTokenSecret(seed: string, salt = ''): string {
  return `glcbt-${derive(`job:${seed}`, 20, salt)}`;
}

export function runnersToken(projectId: number, salt = ''): string {
  return `GR1348941${derive(`runners:${projectId}`, 20, salt)}`;
}
