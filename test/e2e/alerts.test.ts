// `forgectl alerts send|resolve` against the sandbox's alert integrations (built binary).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertIntegrationInfo, type AlertIntegrationInfo, type Sandbox } from '../../src/sandbox/index.js';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const FIXTURES = join(import.meta.dirname, '../fixtures/realdata/alerts');
const realdata = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')).body;

function integration(sb: Sandbox, type: 'http' | 'prometheus', active = true): AlertIntegrationInfo {
  return alertIntegrationInfo(sb.state).find((x) => x.type === type && x.active === active)!;
}

/** Requests that reached an alert URL since `mark`. */
const alertRequests = (sb: Sandbox, mark: number) => sb.requests.slice(mark).filter((r) => r.path.includes('/alerts/notify')) as (Sandbox['requests'][number] & { body: any })[];

async function held(sb: Sandbox): Promise<any[]> {
  const res = await fetch(`${sb.url}/-/sandbox/alerts`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
  return (await res.json()) as any[];
}

const uniq = () => `fp-${Math.random().toString(36).slice(2)}`;

function writeJson(value: unknown): string {
  const file = join(tempDir(), 'payload.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('alerts send', () => {
  it('sends flags as the HTTP payload with a Bearer key and prints the created alert', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const fp = uniq();
    const res = await forgectl(
      ['alerts', 'send', '--url', i.url, '--title', 'API down', '--severity', 'High', '--description', 'd', '--service', 'api', '--monitoring-tool', 'uptime',
        '--hosts', 'h1,h2', '--fingerprint', fp, '--start-time', '2026-01-01T10:00:00Z', '--environment', 'production',
        '--field', 'foo.bar.baz=42', '--field', 'runbook=https://example.com/rb', '-o', 'json'],
      { env: { FORGECTL_ALERT_KEY: i.key } },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const out = json<any[]>(res);
    expect(out).toEqual([{ iid: expect.any(Number), title: 'API down' }]);
    expect(res.stderr).not.toContain('severity');
    const [req] = alertRequests(sb, mark);
    expect(req.headers.authorization).toBe(`Bearer ${i.key}`);
    expect(req.body).toEqual({
      title: 'API down', severity: 'High', description: 'd', service: 'api', monitoring_tool: 'uptime', hosts: ['h1', 'h2'], fingerprint: fp,
      start_time: '2026-01-01T10:00:00Z', service_environment_name: 'production', foo: { bar: { baz: 42 } }, runbook: 'https://example.com/rb',
    });
    const alert = (await held(sb)).find((a) => a.iid === out[0].iid && a.project_path === i.project);
    expect(alert).toMatchObject({ severity: 'high', environment: 'production', hosts: ['h1', 'h2'] });
    // No instance credential or API request is involved.
    expect(sb.requests.slice(mark).some((r) => r.path.startsWith('/api/v4'))).toBe(false);
  });

  it('sends a metrics-alerting alias to the HTTP endpoint as given, from a file or a flag, and says it will be recorded as critical', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const fromFile = await forgectl(['alerts', 'send', '--url', i.url, '-f', writeJson({ title: 'Queue slow', severity: 'p2', fingerprint: uniq() }), '-o', 'json'], { env: { FORGECTL_ALERT_KEY: i.key } });
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(fromFile.stderr).toContain('warning: severity "p2" is not known (it is a metrics-alerting alias of high, which the HTTP endpoint does not read): the service will record critical');
    const fromFlag = await forgectl(['alerts', 'send', '--url', i.url, '--title', 'Queue slow', '--severity', 'warning', '--fingerprint', uniq(), '-o', 'json'], { env: { FORGECTL_ALERT_KEY: i.key } });
    expect(fromFlag.exitCode, fromFlag.stderr).toBe(0);
    expect(alertRequests(sb, mark).map((r) => r.body.severity)).toEqual(['p2', 'warning']);
    const recorded = await held(sb);
    for (const res of [fromFile, fromFlag]) expect(recorded.find((a) => a.iid === json<any[]>(res)[0].iid && a.project_path === i.project).severity).toBe('critical');
  });

  it('sends HTTP Basic with a blank user and the key read from stdin, and never prints the key', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const res = await forgectl(['alerts', 'send', '--url', i.url, '--key-stdin', '--auth', 'basic', '--title', 'basic auth', '--fingerprint', uniq(), '-v'], { input: `${i.key}\n` });
    expect(res.exitCode, res.stderr).toBe(0);
    const [req] = alertRequests(sb, mark);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`:${i.key}`).toString('base64')}`);
    expect(res.stderr).toContain('Authorization: [REDACTED]');
    expect(res.stdout + res.stderr).not.toContain(i.key);
    expect(res.stdout + res.stderr).not.toContain(Buffer.from(`:${i.key}`).toString('base64'));
  });

  it('groups a repeated fingerprint and resolves it end to end; resolving again fails with a hint', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const env = { FORGECTL_ALERT_KEY: i.key };
    const fp = uniq();
    const first = json<any[]>(await forgectl(['alerts', 'send', '--url', i.url, '--title', 'Queue stuck', '--fingerprint', fp, '-o', 'json'], { env }));
    const second = json<any[]>(await forgectl(['alerts', 'send', '--url', i.url, '--title', 'Queue stuck', '--fingerprint', fp, '-o', 'json'], { env }));
    expect(second[0].iid).toBe(first[0].iid);
    expect((await held(sb)).find((a) => a.fingerprint && a.iid === first[0].iid && a.project_path === i.project).event_count).toBe(2);

    const resolved = await forgectl(['alerts', 'resolve', '--url', i.url, '--fingerprint', fp, '-o', 'json'], { env });
    expect(resolved.exitCode, resolved.stderr).toBe(0);
    expect(json<any[]>(resolved)).toEqual([{ iid: first[0].iid, title: 'Queue stuck' }]);
    expect((await held(sb)).find((a) => a.iid === first[0].iid && a.project_path === i.project).status).toBe('resolved');

    const again = await forgectl(['alerts', 'resolve', '--url', i.url, '--fingerprint', fp], { env });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('no open alert has this fingerprint');

    const reopened = json<any[]>(await forgectl(['alerts', 'send', '--url', i.url, '--title', 'Queue stuck', '--fingerprint', fp, '-o', 'json'], { env }));
    expect(reopened[0].iid).not.toBe(first[0].iid);
  });

  it('reads a payload file and stdin, keeping extra nested fields', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const env = { FORGECTL_ALERT_KEY: i.key };
    const payload = { ...realdata('http_payload'), fingerprint: uniq() };
    const fromFile = await forgectl(['alerts', 'send', '--url', i.url, '-f', writeJson(payload), '-o', 'json'], { env });
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(json<any[]>(fromFile)[0].title).toBe('Incident title');
    const mark = sb.requests.length;
    const fromStdin = await forgectl(['alerts', 'send', '--url', i.url, '-', '-o', 'json'], { env, input: JSON.stringify({ ...realdata('http_payload_custom_field_only'), fingerprint: uniq() }) });
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0);
    expect(json<any[]>(fromStdin)[0].title).toBe('New: Alert');
    expect(alertRequests(sb, mark)[0].body.foo).toEqual({ bar: { baz: 42 } });
  });

  it('sends the metrics-alerting form with --prometheus, built from flags or read from a file', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const env = { FORGECTL_ALERT_KEY: i.key };
    const mark = sb.requests.length;
    const title = `Latency ${uniq()}`;
    const res = await forgectl(['alerts', 'send', '--url', i.url, '--prometheus', '--title', title, '--severity', 'warning', '--field', 'runbook=https://rb', '-o', 'json'], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    const body = alertRequests(sb, mark)[0].body;
    expect(Object.keys(body).sort()).toEqual(Object.keys(realdata('alertmanager_webhook_format')).filter((k) => k !== 'truncatedAlerts').sort());
    expect(body.alerts[0]).toMatchObject({ status: 'firing', labels: { severity: 'warning' }, annotations: { title, runbook: 'https://rb' } });
    const created = json<any[]>(res)[0];
    expect((await held(sb)).find((a) => a.iid === created.iid && a.project_path === i.project).severity).toBe('low');

    const fixed = structuredClone(realdata('prometheus_payload'));
    fixed.alerts[0].startsAt = '2022-10-30T11:22:40Z';
    fixed.alerts[0].annotations.title = `Doc ${uniq()}`;
    const fromFile = await forgectl(['alerts', 'send', '--url', i.url, '--prometheus', '-f', writeJson(fixed), '-o', 'json'], { env });
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(json<any[]>(fromFile)[0].title).toBe(fixed.alerts[0].annotations.title);
  });

  it('--dry-run shows the request with the key redacted and the title and severity the service will record', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const res = await forgectl(['alerts', 'send', '--url', i.url, '--severity', 'bogus', '--field', 'x=1', '--dry-run'], { env: { FORGECTL_ALERT_KEY: i.key } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain(`dry run: POST ${i.url}`);
    expect(res.stdout).toContain('Authorization: [REDACTED]');
    expect(res.stderr).toContain('title "New: Alert" (default: no title given)');
    expect(res.stderr).toContain('severity critical ("bogus" is not a known severity)');
    expect(res.stdout + res.stderr).not.toContain(i.key);
    expect(sb.requests.length).toBe(mark);
  });

  it('explains a refused key (exit 4) and a disabled integration', async () => {
    const sb = sandbox();
    const wrong = await forgectl(['alerts', 'send', '--url', integration(sb, 'http').url, '--title', 'x'], { env: { FORGECTL_ALERT_KEY: 'not-the-key' } });
    expect(wrong.exitCode).toBe(4);
    expect(wrong.stderr).toContain('the alert key was refused');
    expect(wrong.stderr).not.toContain('not-the-key');
    const d = integration(sb, 'http', false);
    const disabled = await forgectl(['alerts', 'send', '--url', d.url, '--title', 'x'], { env: { FORGECTL_ALERT_KEY: d.key } });
    expect(disabled.exitCode).toBe(4);
    expect(disabled.stderr).toContain('the integration is disabled');
  });

  it('takes its own --url as the alert URL even with an instance URL configured', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const res = await forgectl(['alerts', 'send', '--url', i.url, '--title', 'own url', '--fingerprint', uniq()], { env: { FORGECTL_URL: 'http://127.0.0.1:1', FORGECTL_ALERT_KEY: i.key } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(alertRequests(sb, mark)).toHaveLength(1);
  });
});

describe('input checked before anything is sent (built binary; the full table runs in-process in test/commands/alerts-input.test.ts)', () => {
  it('exits 2 with one error line and sends nothing', async () => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const mark = sb.requests.length;
    const res = await forgectl(['alerts', 'send', '--url', i.url, '--title', 't', '--start-time', 'yesterday'], { env: { FORGECTL_ALERT_KEY: i.key } });
    expect(res.exitCode).toBe(2);
    expect(res.stderr.trim().split('\n')[0]).toBe('error: --start-time must be an ISO 8601 date-time such as 2024-01-31T10:00:00Z, got "yesterday"');
    expect(sb.requests.length).toBe(mark);
  });
});
