// Talking to a sandbox with fetch, one sandbox per test file.

import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export function sandboxFor(opts: SandboxOptions = {}): () => Sandbox {
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, host: '127.0.0.1', ...opts });
  }, 60_000);
  afterAll(async () => {
    await sb?.close();
  });
  return () => {
    if (!sb) throw new Error('sandbox not started');
    return sb;
  };
}

export interface CallOptions {
  method?: string;
  /** Sent as PRIVATE-TOKEN. */
  token?: string;
  headers?: Record<string, string>;
  /** JSON body. */
  json?: unknown;
  body?: string | Buffer;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A request to `/api/v4` + path (or to path as is when it starts with `/-/`); redirects are not followed. */
export async function call(sb: Sandbox, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers['PRIVATE-TOKEN'] = o.token;
  let body: string | Buffer | undefined = o.body;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers['Content-Type'] = 'application/json';
  }
  const url = path.startsWith('/-/') ? `${sb.url}${path}` : `${sb.url}/api/v4${path}`;
  const res = await fetch(url, { method: o.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Every item of a list, following rel="next". */
export async function all(sb: Sandbox, path: string, token?: string): Promise<any[]> {
  const out: any[] = [];
  let url: string | undefined = `${sb.url}/api/v4${path}`;
  while (url) {
    const res: Response = await fetch(url, { headers: token ? { 'PRIVATE-TOKEN': token } : {} });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    out.push(...((await res.json()) as any[]));
    url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  }
  return out;
}

export const today = () => new Date().toISOString().slice(0, 10);
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
