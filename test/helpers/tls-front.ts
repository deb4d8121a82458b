// An HTTPS front on 127.0.0.1 for a sandbox (which speaks plain HTTP): an instance behind a private CA.
// Its certificate (test/fixtures/tls/loopback.pem, self-signed for IP 127.0.0.1, made with openssl,
// valid to 2126) is trusted only when given as a CA file.

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/tls');
export const LOOPBACK_CA = join(FIXTURES, 'loopback.pem');

export interface TlsFront {
  url: string;
  /** Requests that completed a TLS handshake and were passed on. */
  passed: number;
}

/** One front per test file, passing every request to the sandbox `target()` gives at the time. */
export function useTlsFront(target: () => { url: string }): () => TlsFront {
  let server: Server | undefined;
  const front: TlsFront = { url: '', passed: 0 };
  beforeAll(async () => {
    server = createServer({ cert: readFileSync(LOOPBACK_CA), key: readFileSync(join(FIXTURES, 'loopback.key')) }, (req, res) => {
      front.passed++;
      const to = new URL(target().url);
      const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } }, (answer) => {
        // Links name the sandbox's own address: shown as the front's, as a proxy's rewrite would.
        const link = answer.headers.link as string | undefined;
        res.writeHead(answer.statusCode ?? 502, link ? { ...answer.headers, link: link.split(to.origin).join(front.url) } : answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    front.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return () => front;
}
