// Alert integrations and the alerts they created (spec part 3 §2.1–§2.3, §3, §4.1), per project.
// Kept beside the shared state, keyed by it, so the family owns its data.

import { createHash } from 'node:crypto';
import type { SandboxState, SeedKind } from '../state.js';

export type IntegrationType = 'http' | 'prometheus';

export interface AlertIntegration {
  id: number;
  projectId: number;
  type: IntegrationType;
  name: string;
  active: boolean;
  /** The authorization key issued when the integration was saved. */
  key: string;
}

export interface Alert {
  iid: number;
  projectId: number;
  integrationId: number;
  title: string;
  description: string | null;
  severity: string;
  status: 'triggered' | 'resolved';
  service: string | null;
  monitoringTool: string | null;
  hosts: string[];
  environment: string | null;
  /** SHA-1 of the sender's fingerprint (as GitLab stores it), or null when not grouped. */
  fingerprint: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Occurrences grouped into this alert. */
  eventCount: number;
  /** The payload as received (for a metrics alert: its item), extra fields included. */
  payload: unknown;
  createdAt: string;
  updatedAt: string;
}

export class AlertStore {
  /** The sandbox's secret salt (see SandboxState.secretSalt). */
  constructor(private readonly secretSalt = '') {}
  readonly integrations: AlertIntegration[] = [];
  readonly alerts: Alert[] = [];
  private nextIntegrationId = 1;
  private readonly iidByProject = new Map<number, number>();

  addIntegration(projectId: number, type: IntegrationType, name: string, active = true): AlertIntegration {
    const id = this.nextIntegrationId++;
    // Deterministic, so scripts can be written against a sandbox they did not start; 32 hex
    // characters like GitLab's keys.
    const salt = this.secretSalt ? `${this.secretSalt}:` : '';
    const key = createHash('sha256').update(`forgectl-sandbox:${salt}alert-key:${projectId}:${type}:${id}`).digest('hex').slice(0, 32);
    const integration = { id, projectId, type, name, active, key };
    this.integrations.push(integration);
    return integration;
  }

  nextIid(projectId: number): number {
    const iid = (this.iidByProject.get(projectId) ?? 0) + 1;
    this.iidByProject.set(projectId, iid);
    return iid;
  }

  /** The open alert of a project with this fingerprint: the one an occurrence groups into or resolves. */
  openAlert(projectId: number, fingerprint: string): Alert | undefined {
    return this.alerts.find((a) => a.projectId === projectId && a.fingerprint === fingerprint && a.status !== 'resolved');
  }
}

const stores = new WeakMap<SandboxState, AlertStore>();

export function alertStore(state: SandboxState): AlertStore {
  let s = stores.get(state);
  if (!s) {
    s = new AlertStore(state.secretSalt);
    stores.set(state, s);
  }
  return s;
}

/** URL path of an integration's alert_url (no host): where GitLab issues them. */
export function alertPath(state: SandboxState, i: AlertIntegration): string | undefined {
  const project = state.projectById.get(i.projectId);
  if (!project) return undefined;
  const base = `/${state.projectPath(project)}`;
  return i.type === 'prometheus' ? `${base}/prometheus/alerts/notify.json` : `${base}/alerts/notify/${slug(i.name)}/${i.id}.json`;
}

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'endpoint';
}

export interface AlertIntegrationInfo {
  project: string;
  type: IntegrationType;
  name: string;
  active: boolean;
  url: string;
  key: string;
}

/** The integrations with their full alert URLs and keys, for the start-up output and tests. */
export function alertIntegrationInfo(state: SandboxState, baseUrl = state.baseUrl): AlertIntegrationInfo[] {
  const out: AlertIntegrationInfo[] = [];
  for (const i of alertStore(state).integrations) {
    const path = alertPath(state, i);
    const project = state.projectById.get(i.projectId);
    if (!path || !project) continue;
    out.push({ project: state.projectPath(project), type: i.type, name: i.name, active: i.active, url: `${baseUrl}${path}`, key: i.key });
  }
  return out;
}

/** Demo seed: one project with both kinds, and a disabled endpoint to show the 403. */
export function seedAlertIntegrations(state: SandboxState, kind: SeedKind): void {
  if (kind !== 'demo') return;
  const store = alertStore(state);
  const api = state.findProject('acme/platform/api')?.project;
  if (api) {
    store.addIntegration(api.id, 'http', 'Uptime checks');
    store.addIntegration(api.id, 'prometheus', 'Prometheus');
  }
  const shop = state.findProject('acme/web/storefront')?.project;
  if (shop) store.addIntegration(shop.id, 'http', 'Legacy pager', false);
}
