// A local, in-memory simulator of the REST API (spec/ parts 1–3) for tests, demos and offline use:
// `startSandbox()` listens on 127.0.0.1 and a free port and answers as a real instance would.

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MODULES } from './modules.js';
import { Router } from './http/router.js';
import { API_PREFIX, createHandler, type Mount } from './server.js';
import { SandboxState, type SeedKind } from './state.js';
import type { RecordedRequest } from './types.js';
import { SETTING_NAMINGS, setSettingNaming, type SettingNaming } from './settings/spec-names.js';

export { SandboxState } from './state.js';
export type { SeedKind } from './state.js';
export type { RecordedRequest } from './types.js';
export { parseFaultSpec } from './faults.js';
export { SETTING_NAMINGS, type SettingNaming } from './settings/spec-names.js';
export { alertIntegrationInfo, type AlertIntegrationInfo } from './alerts/store.js';

export interface SandboxOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `demo`. */
  seed?: SeedKind;
  /**
   * With `seed: 'demo'`: the resources `forgectl state` manages (settings, plan limits, hooks,
   * broadcasts, notification and group settings) filled at random from this number, the same every run.
   */
  random?: number;
  /** With `seed: 'demo'`: a second system hook on the demo hook's URL and a second broadcast with one message. */
  duplicates?: boolean;
  /** Added before every answer. */
  latencyMs?: number;
  /** Fault spec, e.g. `503:2,reset-body:forever@GET:/hooks?page=3` (see faults.ts). */
  faults?: string;
  /** Adds this many generated projects (benchmarks). */
  extraProjects?: number;
  /** Adds this many generated tokens (benchmarks), owned by `extraTokenOwners` generated users (default 1). */
  extraTokens?: number;
  extraTokenOwners?: number;
  /** The sandbox clock runs this many times faster than real time (default 1). */
  clockSpeed?: number;
  /** Time from this function instead (a test's fake clock); clockSpeed then does not apply. */
  now?: () => number;
  /** `spec`: application settings named as the spec names them (`spam_service_enabled`), not as the service does. */
  settingNames?: SettingNaming;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234 (without /api/v4). */
  url: string;
  port: number;
  /** Seeded credential name → secret. */
  tokens: Record<string, string>;
  state: SandboxState;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  addFaults(spec: string): void;
  /** Drops pending faults (and listens again after `refused`: resolves once it does). */
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export const SEEDS: readonly SeedKind[] = ['demo', 'empty'];

function checkOptions(o: SandboxOptions): void {
  const nonNegativeInt = (name: string, v: number | undefined, max = Number.MAX_SAFE_INTEGER) => {
    if (v !== undefined && (!Number.isInteger(v) || v < 0 || v > max)) throw new Error(`${name} must be an integer from 0 to ${max}, got ${v}`);
  };
  nonNegativeInt('port', o.port, 65535);
  nonNegativeInt('latencyMs', o.latencyMs);
  nonNegativeInt('extraProjects', o.extraProjects, 1_000_000);
  nonNegativeInt('extraTokens', o.extraTokens, 1_000_000);
  nonNegativeInt('extraTokenOwners', o.extraTokenOwners, 100_000);
  nonNegativeInt('random', o.random, 0xffffffff);
  if (o.random !== undefined && o.seed === 'empty') throw new Error('random fills the demo seed, not empty');
  if (o.duplicates && (o.seed === 'empty' || o.random !== undefined)) throw new Error('duplicates adds to the demo seed (random keeps one hook per URL)');
  if (o.seed !== undefined && !SEEDS.includes(o.seed)) throw new Error(`seed must be one of ${SEEDS.join(', ')}, got ${o.seed}`);
  if (o.settingNames !== undefined && !SETTING_NAMINGS.includes(o.settingNames)) throw new Error(`settingNames must be one of ${SETTING_NAMINGS.join(', ')}, got ${o.settingNames}`);
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  checkOptions(opts);
  const state = new SandboxState(opts.clockSpeed ?? 1, opts.now);
  // Secrets of this start only: a secret of one sandbox tells where it came from and opens no other.
  state.secretSalt = randomBytes(16).toString('hex');
  if (opts.settingNames) setSettingNaming(state, opts.settingNames);
  const seed = opts.seed ?? 'demo';
  for (const m of MODULES) m.seed?.(state, seed, { extraProjects: opts.extraProjects, extraTokens: opts.extraTokens, extraTokenOwners: opts.extraTokenOwners, random: opts.random, duplicates: opts.duplicates });

  const mounts = new Map<string, Mount>();
  for (const m of MODULES) {
    const prefix = m.prefix ?? API_PREFIX;
    if (!mounts.has(prefix)) mounts.set(prefix, { prefix, router: new Router() });
    m.register(mounts.get(prefix)!.router, state);
  }

  const handler = createHandler(state, [...mounts.values()], { latencyMs: opts.latencyMs ?? 0 });
  const server = createServer((req, res) => void handler(req, res));
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.baseUrl = url;
  // `refused`: stop listening, so new connections are refused by the system as on a dead port.
  let relisten: Promise<void> = Promise.resolve();
  state.faults.onRefusedChange = (refusing) => {
    if (refusing && server.listening) {
      server.close();
      server.closeAllConnections();
    } else if (!refusing && !server.listening) relisten = new Promise((resolve) => server.listen(port, host, resolve));
  };
  if (opts.faults) state.faults.add(opts.faults);

  return {
    url,
    port,
    tokens: { ...state.seedTokens },
    state,
    requests: state.requests,
    addFaults: (spec) => state.faults.add(spec),
    clearFaults: () => {
      state.faults.clear();
      return relisten;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) {
          server.closeAllConnections();
          return resolve();
        }
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
