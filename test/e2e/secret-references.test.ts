// Issue 33.8: a `{command: …}` reference of the instance file may give a multi-line secret (a PEM
// private key) where the setting takes one: the whole block is sent, never shown.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const KEY_BODY = ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7', 'VJTUt9Us8cKjMzEfYyjiWA4R4ypbHLUq0GtuYTbY2dPCbSw1TGKa'];
const PEM = ['-----BEGIN PRIVATE KEY-----', ...KEY_BODY, '-----END PRIVATE KEY-----'].join('\n');

describe('a {command: …} reference to a PEM key', () => {
  it('sends the whole key (not its first line) for the setting that takes one, and shows none of it', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const keyFile = join(dir, 'client.pem');
    // As a vault or `cat` prints it: a trailing newline, CRLF line ends.
    writeFileSync(keyFile, `${PEM.replace(/\n/g, '\r\n')}\r\n`);
    const path = join(dir, 'instance.yaml');
    writeFileSync(path, stringify({ settings: { external_auth_client_key: { command: `cat ${keyFile}` } } }));
    const mark = sb.requests.length;
    const res = await forgectl(['state', 'apply', '-f', path, '--yes', '-v'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const put = requestsSince(sb, mark).find((r) => r.method === 'PUT' && r.path === '/api/v4/application/settings');
    expect((put?.body as Record<string, unknown>)?.external_auth_client_key).toBe(PEM);
    for (const line of KEY_BODY) expect(res.stdout + res.stderr).not.toContain(line);
  });
});
