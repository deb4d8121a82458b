// The system credential store replaced by a map, for in-process tests that must control exactly
// when the store answers or fails. Restored afterwards, whatever the test did to it meanwhile.

import { systemKeyring } from '../../src/core/credential-store.js';

export async function withMemoryKeyring<T>(test: (entries: Map<string, string>) => Promise<T>): Promise<T> {
  const entries = new Map<string, string>();
  const real = { ...systemKeyring };
  systemKeyring.set = async (ref, secret) => void entries.set(ref.account, secret);
  systemKeyring.get = async (ref) => entries.get(ref.account);
  systemKeyring.delete = async (ref) => entries.delete(ref.account);
  try {
    return await test(entries);
  } finally {
    Object.assign(systemKeyring, real);
  }
}
