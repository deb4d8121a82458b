// The sandbox's alert integrations (spec part 3 §2.1–§2.3, §3, §4.1, §5 rule 1, §7), asked directly.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertIntegrationInfo, type AlertIntegrationInfo, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });
const FIXTURES = join(import.meta.dirname, '../fixtures/realdata/alerts');
const realdata = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));

function integration(sb: Sandbox, type: 'http' | 'prometheus', active = true): AlertIntegrationInfo {
  const i = alertIntegrationInfo(sb.state).find((x) => x.type === type && x.active === active);
  if (!i) throw new Error(`no ${type} integration`);
  return i;
}

async function notify(i: AlertIntegrationInfo, payload: unknown, auth: 'bearer' | 'basic' | string = 'bearer') {
  const header = auth === 'bearer' ? `Bearer ${i.key}` : auth === 'basic' ? `Basic ${Buffer.from(`:${i.key}`).toString('base64')}` : auth;
  const res = await fetch(i.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: header }, body: JSON.stringify(payload) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

async function heldAlerts(sb: Sandbox, project = 'acme/platform/api', token = sb.tokens.admin) {
  const res = await fetch(`${sb.url}/-/sandbox/alerts?project=${encodeURIComponent(project)}`, { headers: { 'PRIVATE-TOKEN': token } });
  return { status: res.status, body: (await res.json()) as any };
}

const uniq = () => `fp-${Math.random().toString(36).slice(2)}`;

describe('alert ingestion at the HTTP endpoint', () => {
  it('answers the realdata payload with the realdata response shape and keeps the nested extra field', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const payload = realdata('http_payload').body;
    const res = await notify(i, { ...payload, fingerprint: uniq() });
    expect(res.status).toBe(200);
    const shape = realdata('response_created').body[0];
    expect(Object.keys(res.body[0]).sort()).toEqual(Object.keys(shape).sort());
    expect(res.body[0]).toMatchObject({ title: 'Incident title' });
    const held = (await heldAlerts(sb)).body.find((a: any) => a.iid === res.body[0].iid);
    expect(held).toMatchObject({ severity: 'high', status: 'triggered', service: 'service affected', hosts: ['value'], started_at: '2019-09-12T06:00:55.000Z', event_count: 1 });
    expect(held.payload.foo).toEqual({ bar: { baz: 42 } });
  });

  it('defaults the title to "New: Alert" and an unknown or missing severity to critical', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const a = await notify(i, { ...realdata('http_payload_custom_field_only').body, fingerprint: uniq() });
    const b = await notify(i, { title: 'odd severity', severity: 'p2', fingerprint: uniq() });
    expect(a.body[0].title).toBe('New: Alert');
    const held = (await heldAlerts(sb)).body;
    expect(held.find((x: any) => x.iid === a.body[0].iid).severity).toBe('critical');
    // The HTTP endpoint does not know the metrics aliases.
    expect(held.find((x: any) => x.iid === b.body[0].iid).severity).toBe('critical');
  });

  it('accepts the key as Bearer or as Basic with a blank user, and refuses a wrong one with 401 and no body', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    expect((await notify(i, { title: 'bearer', fingerprint: uniq() }, 'bearer')).status).toBe(200);
    expect((await notify(i, { title: 'basic', fingerprint: uniq() }, 'basic')).status).toBe(200);
    const wrong = await notify(i, { title: 'x' }, 'Bearer not-the-key');
    expect(wrong).toMatchObject({ status: 401, text: '' });
    // The instance's own token is not an alert key.
    expect((await notify(i, { title: 'x' }, `Bearer ${sb.tokens.admin}`)).status).toBe(401);
    expect((await notify(i, { title: 'x' }, '')).status).toBe(401);
  });

  it('groups occurrences by fingerprint, resolves by end_time, and opens a new alert after resolution', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const fp = uniq();
    const first = await notify(i, { title: 'Disk full', fingerprint: fp, hosts: ['a'] });
    const again = await notify(i, { title: 'Disk full', fingerprint: fp, hosts: ['b'] });
    expect(again.body[0].iid).toBe(first.body[0].iid);
    let held = (await heldAlerts(sb)).body.find((a: any) => a.iid === first.body[0].iid);
    expect(held.event_count).toBe(2);

    const resolved = await notify(i, { fingerprint: fp, end_time: '2030-01-01T00:00:00Z' });
    expect(resolved.body).toEqual([{ iid: first.body[0].iid, title: 'Disk full' }]);
    held = (await heldAlerts(sb)).body.find((a: any) => a.iid === first.body[0].iid);
    expect(held).toMatchObject({ status: 'resolved', ended_at: '2030-01-01T00:00:00.000Z' });

    // Resolving again finds nothing open: GitLab answers 400 (the alert is not persisted).
    expect((await notify(i, { fingerprint: fp, end_time: '2030-01-01T00:00:00Z' })).status).toBe(400);
    const reopened = await notify(i, { title: 'Disk full', fingerprint: fp });
    expect(reopened.body[0].iid).toBeGreaterThan(first.body[0].iid);
  });

  it('generates a fingerprint from the payload without start_time, end_time and hosts (Premium)', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const title = `auto-${uniq()}`;
    const a = await notify(i, { title, start_time: '2024-01-01T00:00:00Z', hosts: 'x' });
    const b = await notify(i, { title, start_time: '2024-02-01T00:00:00Z', hosts: 'y' });
    const c = await notify(i, { title, service: 'other' });
    expect(b.body[0].iid).toBe(a.body[0].iid);
    expect(c.body[0].iid).not.toBe(a.body[0].iid);
  });

  it('answers 403 for a disabled integration, 404 for an unknown one, 400 for a non-object payload', async () => {
    const sb = sandbox();
    const disabled = integration(sb, 'http', false);
    expect(await notify(disabled, { title: 'x' })).toMatchObject({ status: 403, text: '' });
    const http = integration(sb, 'http');
    expect((await notify({ ...http, url: http.url.replace(/\/\d+\.json$/, '/999.json') }, { title: 'x' })).status).toBe(404);
    expect((await notify(http, ['not', 'an', 'object'])).status).toBe(400);
  });
});

describe('alert ingestion at the metrics-alerting endpoint', () => {
  const promPayload = (over: Record<string, unknown> = {}) => {
    const body = structuredClone(realdata('prometheus_payload').body);
    // The doc's startsAt is not a date (2022-010-30); the doc quirk is tested in the CLI.
    body.alerts[0].startsAt = '2022-10-30T11:22:40Z';
    body.alerts[0].annotations.title = `Example ${uniq()}`;
    Object.assign(body.alerts[0], over);
    return body;
  };

  it('creates one alert per item with the mapped severity and keeps nested annotations', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const payload = promPayload();
    payload.alerts.push({ ...structuredClone(payload.alerts[0]), labels: { severity: 'warning' }, annotations: { summary: `Second ${uniq()}` } });
    const res = await notify(i, payload);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const held = (await heldAlerts(sb)).body;
    const [a, b] = res.body.map((r: any) => held.find((h: any) => h.iid === r.iid));
    expect(a.severity).toBe('high');
    expect(b.severity).toBe('low');
    expect(a.payload.annotations.foo).toEqual({ bar: { baz: 42 } });
  });

  it('resolves with status resolved or a past endsAt', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const payload = promPayload();
    const created = await notify(i, payload);
    payload.alerts[0].status = 'resolved';
    const resolved = await notify(i, payload);
    expect(resolved.body[0].iid).toBe(created.body[0].iid);

    const other = promPayload();
    const c2 = await notify(i, other);
    other.alerts[0].endsAt = '2022-10-30T12:00:00Z';
    await notify(i, other);
    const held = (await heldAlerts(sb)).body;
    expect(held.find((h: any) => h.iid === created.body[0].iid).status).toBe('resolved');
    expect(held.find((h: any) => h.iid === c2.body[0].iid)).toMatchObject({ status: 'resolved', ended_at: '2022-10-30T12:00:00.000Z' });
  });

  it('answers 422 when a required top-level attribute is missing, and skips items without a title', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const { groupKey: _g, ...noGroupKey } = promPayload();
    expect(await notify(i, noGroupKey)).toMatchObject({ status: 422, text: '' });
    const untitled = promPayload({ annotations: {}, labels: {} });
    expect((await notify(i, untitled)).body).toEqual([]);
  });
});

describe('sandbox-only read-back and routing', () => {
  it('lists alerts for administrators only', async () => {
    const sb = sandbox();
    expect((await heldAlerts(sb, 'acme/platform/api', sb.tokens.bob)).status).toBe(403);
    expect((await heldAlerts(sb, 'no/such/project')).status).toBe(404);
    const res = await fetch(`${sb.url}/-/sandbox/alert_integrations`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    expect(((await res.json()) as any[]).map((x) => x.type).sort()).toEqual(['http', 'http', 'prometheus']);
  });

  it('leaves /api/v4 and unknown paths as they were', async () => {
    const sb = sandbox();
    const api = await fetch(`${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    expect(api.status).toBe(200);
    const unknown = await fetch(`${sb.url}/acme/platform/api/nothing-here`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});
