// TLS files given as global flags (issue 23, item 13), against an HTTPS server on 127.0.0.1 whose
// self-signed certificate (test/fixtures/tls/other-name.pem, made with openssl, valid to 2126) is
// for git.other-name.test only.

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/tls');
const CERT = join(FIXTURES, 'other-name.pem');

let server: Server;
let url = '';
let requests = 0;

beforeAll(async () => {
  server = createServer({ cert: readFileSync(CERT), key: readFileSync(join(FIXTURES, 'other-name.key')) }, (_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const run = (flags: string[]) => forgectl(['hooks', 'list', ...flags, '--retries', '0'], { env: { FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-tls-test-000000' } });

describe('TLS files given as flags', () => {
  it('a missing --ca-file (or client certificate) is exit 2 naming the option, nothing sent', async () => {
    requests = 0;
    const missing = join(tempDir(), 'nope.pem');
    const ca = await run(['--ca-file', missing]);
    expect(ca.exitCode, ca.stderr).toBe(2);
    expect(ca.stderr.trim().split('\n')[0]).toBe(`error: --ca-file ${missing}: cannot read it (no such file)`);
    const cert = await run(['--client-cert', missing, '--client-key', join(FIXTURES, 'other-name.key')]);
    expect(cert.exitCode, cert.stderr).toBe(2);
    expect(cert.stderr.trim().split('\n')[0]).toBe(`error: --client-cert ${missing}: cannot read it (no such file)`);
    expect(requests).toBe(0);
  });

  it('a --ca-file that holds no PEM certificate is exit 2, not quietly ignored', async () => {
    const notPem = join(tempDir(), 'ca.pem');
    writeFileSync(notPem, 'this is not a certificate\n');
    const res = await run(['--ca-file', notPem]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(new RegExp(`^error: --ca-file ${notPem.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} holds no PEM certificate$`, 'm'));
    // A private key alone is PEM, but no CA either.
    const key = await run(['--ca-file', join(FIXTURES, 'other-name.key')]);
    expect(key.exitCode, key.stderr).toBe(2);
    expect(key.stderr).toMatch(/holds no PEM certificate/);
    // A CERTIFICATE block whose content is no certificate (a truncated paste) trusts nothing either.
    const garbled = join(tempDir(), 'garbled.pem');
    writeFileSync(garbled, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n');
    const bad = await run(['--ca-file', garbled]);
    expect(bad.exitCode, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/^error: --ca-file \S+garbled\.pem holds no PEM certificate/m);
  });

  it('a certificate for another host name names both names, and does not send the user to --ca-file', async () => {
    requests = 0;
    // Without the CA: an untrusted certificate, where --ca-file is the answer.
    const untrusted = await run([]);
    expect(untrusted.exitCode, untrusted.stderr).toBe(1);
    expect(untrusted.stderr).toContain('hint: give the instance CA with --ca-file');
    // With it: trusted, but for git.other-name.test, not 127.0.0.1.
    const res = await run(['--ca-file', CERT]);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/^error: GET \S+ failed: ERR_TLS_CERT_ALTNAME_INVALID: the certificate of 127\.0\.0\.1:\d+ is not for 127\.0\.0\.1 \(it is for DNS:git\.other-name\.test\)$/m);
    expect(res.stderr).toContain('hint: give --url with a host name the certificate is for, or have it reissued for 127.0.0.1');
    expect(res.stderr).not.toContain('--ca-file');
    expect(requests).toBe(0);
  });
});
