// TLS files named by --ca-file, --client-cert and --client-key (or a profile): read when the client is
// made, so a missing or wrong file is a usage error (exit 2) before anything is sent.

import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

const PEM_BLOCK: Record<'ca' | 'cert' | 'key', RegExp> = {
  // Node takes a CA bundle without complaint even when it holds no certificate, and then trusts nothing new.
  ca: /-----BEGIN (TRUSTED |X509 )?CERTIFICATE-----/,
  cert: /-----BEGIN (TRUSTED |X509 )?CERTIFICATE-----/,
  key: /-----BEGIN ([A-Z0-9]+ )?PRIVATE KEY-----/,
};
const WANTED = { ca: 'a PEM certificate', cert: 'a PEM certificate', key: 'a PEM private key' };

export function readPemFile(option: string, file: string, kind: 'ca' | 'cert' | 'key'): Buffer {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${option} ${file}: cannot read it (${code === 'EISDIR' ? 'it is a directory' : (code ?? (err as Error).message)})`);
  }
  if (!PEM_BLOCK[kind].test(data.toString('latin1'))) {
    throw new UsageError(`${option} ${file} holds no ${WANTED[kind].slice(2)}`, `give ${WANTED[kind]} file (-----BEGIN …----- blocks)`);
  }
  return data;
}
