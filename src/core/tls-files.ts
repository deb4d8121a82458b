// TLS files named by --ca-file, --client-cert and --client-key (or a profile): read when the client is
// made, so a missing or wrong file is a usage error (exit 2) before anything is sent.

import { accessSync, constants, readFileSync } from 'node:fs';
import { UsageError } from './errors.js';
import { describeFsError } from './fs-errors.js';

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
    throw new UsageError(`${option} ${file}: cannot read it (${describeFsError(err)})`);
  }
  if (!PEM_BLOCK[kind].test(data.toString('latin1')) || (kind !== 'key' && !holdsReadableCertificate(data.toString('latin1')))) {
    throw new UsageError(`${option} ${file} holds no ${WANTED[kind].slice(2)}`, `give ${WANTED[kind]} file (-----BEGIN …----- blocks)`);
  }
  return data;
}

/** A CERTIFICATE block may hold anything (a truncated paste): Node skips such a block without a word. */
function holdsReadableCertificate(text: string): boolean {
  // OpenSSL's trusted form is read by the TLS layer but not by X509Certificate: taken as it is.
  if (text.includes('-----BEGIN TRUSTED CERTIFICATE-----')) return true;
  // node:crypto loaded here, not by every command that imports this module (issue 27).
  const { X509Certificate } = process.getBuiltinModule('node:crypto');
  for (const block of text.match(/-----BEGIN (?:X509 )?CERTIFICATE-----[\s\S]*?-----END (?:X509 )?CERTIFICATE-----/g) ?? []) {
    try {
      new X509Certificate(block);
      return true;
    } catch {
      // Not a certificate; a bundle may still hold one further on.
    }
  }
  return false;
}

/** A TLS file stored in a profile that has gone missing: name the profile and the option. */
type TlsFiles = { caFile?: string; clientCert?: string; clientKey?: string };

export function checkProfileTlsFiles(profile: TlsFiles & { name: string }, tls: TlsFiles): void {
  const files = [
    ['--ca-file', profile.caFile, tls.caFile],
    ['--client-cert', profile.clientCert, tls.clientCert],
    ['--client-key', profile.clientKey, tls.clientKey],
  ] as const;
  for (const [option, file, used] of files) {
    // Only the profile's own file, when no flag replaced it.
    if (!file || used !== file) continue;
    try {
      accessSync(file, constants.R_OK);
    } catch {
      throw new UsageError(`profile ${profile.name}: its ${option} ${file} cannot be read`, `restore the file, or store another with \`forgectl profile add ${profile.name} … ${option} FILE --yes\``);
    }
  }
}
