// Deterministic secrets: the same seed gives the same tokens on every run, so a script or a test
// can be written against a sandbox it has not started itself.

import { createHash } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function derive(input: string, length: number): string {
  const digest = createHash('sha256').update(`forgectl-sandbox:${input}`).digest();
  let out = '';
  for (let i = 0; out.length < length; i++) out += ALPHABET[digest[i % digest.length] & 63];
  return out;
}

/** Personal access token secret: `glpat-` and 20 characters, like GitLab's. */
export function patSecret(seed: string): string {
  return `glpat-${derive(`pat:${seed}`, 20)}`;
}

export function oauthSecret(seed: string): string {
  return derive(`oauth:${seed}`, 64).toLowerCase().replace(/[_-]/g, 'a');
}

export function jobTokenSecret(seed: string): string {
  return `glcbt-${derive(`job:${seed}`, 20)}`;
}

export function runnersToken(projectId: number): string {
  return `GR1348941${derive(`runners:${projectId}`, 20)}`;
}
