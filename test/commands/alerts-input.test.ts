// `alerts send|resolve` input checks, run in-process (fast): every bad input exits 2 with a clear
// error before anything reaches the sandbox.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertIntegrationInfo, type AlertIntegrationInfo, type Sandbox } from '../../src/sandbox/index.js';
import { runCli as runInProcess } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const FIXTURES = join(import.meta.dirname, '../fixtures/realdata/alerts');
const realdata = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')).body;

function integration(sb: Sandbox, type: 'http' | 'prometheus'): AlertIntegrationInfo {
  return alertIntegrationInfo(sb.state).find((x) => x.type === type && x.active)!;
}

async function runCli(args: string[], env: Record<string, string | undefined>, input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const res = await runInProcess(args, { env, input });
  return { code: res.exitCode, stdout: res.stdout, stderr: res.stderr };
}

describe('input checked before anything is sent (exit 2)', () => {
  const cases: [string, string[], string, { input?: string; key?: boolean }?][] = [
    ['no URL', ['alerts', 'send', '--title', 't'], '--url ALERT_URL is required'],
    ['a URL that is not one', ['alerts', 'send', '--url', 'example.com/x', '--title', 't'], '--url is not a URL'],
    ['a URL with credentials', ['alerts', 'send', '--url', 'http://:k@127.0.0.1/a/b/alerts/notify/x/1.json', '--title', 't'], 'must not contain credentials'],
    ['no payload', ['alerts', 'send', '--url', 'URL'], 'no alert to send'],
    ['no key', ['alerts', 'send', '--url', 'URL', '--title', 't'], 'no alert key', { key: false }],
    ['an empty key on stdin', ['alerts', 'send', '--url', 'URL', '--title', 't', '--key-stdin'], 'no alert key on standard input', { key: false, input: '\n' }],
    ['a bad --auth', ['alerts', 'send', '--url', 'URL', '--title', 't', '--auth', 'digest'], '--auth must be one of bearer, basic'],
    ['a bad --start-time', ['alerts', 'send', '--url', 'URL', '--title', 't', '--start-time', 'yesterday'], '--start-time must be an ISO 8601 date-time'],
    ['a bad --end-time', ['alerts', 'send', '--url', 'URL', '--title', 't', '--end-time', '2026-02-30T00:00:00Z'], '--end-time is not a real date'],
    ['a bad --field', ['alerts', 'send', '--url', 'URL', '--field', 'novalue'], '--field takes KEY=VALUE'],
    ['invalid JSON in --field', ['alerts', 'send', '--url', 'URL', '--field', 'x={oops'], 'not valid JSON'],
    ['--field for a key with its own flag', ['alerts', 'send', '--url', 'URL', '--field', 'severity=high'], 'use --severity'],
    ['a missing payload file', ['alerts', 'send', '--url', 'URL', '-f', '/nonexistent/alert.json'], 'cannot read /nonexistent/alert.json'],
    ['an argument other than -', ['alerts', 'send', '--url', 'URL', 'alert.json'], 'unexpected argument "alert.json"'],
    ['payload and key both on stdin', ['alerts', 'send', '--url', 'URL', '-', '--key-stdin'], 'cannot both come from standard input', { input: '{}' }],
    ['a payload that is not JSON', ['alerts', 'send', '--url', 'URL', '-'], 'is not valid JSON', { input: 'title: x' }],
    ['a bad start_time in the payload', ['alerts', 'send', '--url', 'URL', '-'], 'start_time must be an ISO 8601 date-time', { input: '{"start_time":"soon"}' }],
    ['a non-string title in the payload', ['alerts', 'send', '--url', 'URL', '-'], 'title must be a string', { input: '{"title":{"a":1}}' }],
    ['hosts of the wrong type', ['alerts', 'send', '--url', 'URL', '-'], 'hosts must be a string or an array of strings', { input: '{"hosts":[1]}' }],
    ['a payload that is an array', ['alerts', 'send', '--url', 'URL', '-'], 'must be a JSON object', { input: '[]' }],
    ['a payload that is null', ['alerts', 'send', '--url', 'URL', '-'], 'must be a JSON object (the HTTP endpoint form), not null', { input: 'null' }],
    ['an empty payload', ['alerts', 'send', '--url', 'URL', '-'], 'is not valid JSON', { input: '' }],
    ['HTTP-only flags with --prometheus', ['alerts', 'send', '--url', 'URL', '--prometheus', '--title', 't', '--hosts', 'a'], '--hosts belongs to the HTTP endpoint form'],
    ['--prometheus without a title', ['alerts', 'send', '--url', 'URL', '--prometheus', '--severity', 'p1'], '--prometheus needs --title'],
    ['flags with a --prometheus file', ['alerts', 'send', '--url', 'URL', '--prometheus', '-', '--title', 't'], 'cannot be combined with a --prometheus payload file', { input: '{}' }],
    ['a metrics payload lacking attributes', ['alerts', 'send', '--url', 'URL', '--prometheus', '-'], 'lacks required attributes groupKey, receiver', { input: '{"alerts":[],"commonAnnotations":{},"commonLabels":{},"externalURL":"","groupLabels":{},"status":"firing","version":"4"}' }],
    ['a metrics payload without alerts', ['alerts', 'send', '--url', 'URL', '--prometheus', '-'], 'alerts is empty', { input: '{"alerts":[],"commonAnnotations":{},"commonLabels":{},"externalURL":"","groupKey":null,"groupLabels":{},"receiver":"","status":"firing","version":"4"}' }],
    ['a metrics alert without a title', ['alerts', 'send', '--url', 'URL', '--prometheus', '-'], 'alerts[0] has no title', { input: '{"alerts":[{"startsAt":"2024-01-01T00:00:00Z","labels":{}}],"commonAnnotations":{},"commonLabels":{},"externalURL":"","groupKey":null,"groupLabels":{},"receiver":"","status":"firing","version":"4"}' }],
    ['a metrics alert without startsAt', ['alerts', 'send', '--url', 'URL', '--prometheus', '-'], 'alerts[0].startsAt is required', { input: '{"alerts":[{"labels":{"alertname":"x"}}],"commonAnnotations":{},"commonLabels":{},"externalURL":"","groupKey":null,"groupLabels":{},"receiver":"","status":"firing","version":"4"}' }],
    ['a metrics alert with a bad endsAt', ['alerts', 'send', '--url', 'URL', '--prometheus', '-'], 'alerts[0].endsAt', { input: '{"alerts":[{"labels":{"alertname":"x"},"startsAt":"2024-01-01T00:00:00Z","endsAt":"never"}],"commonAnnotations":{},"commonLabels":{},"externalURL":"","groupKey":null,"groupLabels":{},"receiver":"","status":"firing","version":"4"}' }],
    ['the HTTP form to a metrics-alerting URL', ['alerts', 'send', '--url', 'PROM', '--title', 't'], 'takes only the --prometheus form'],
    ['resolve at a metrics-alerting URL', ['alerts', 'resolve', '--url', 'PROM', '--fingerprint', 'f'], 'alerts resolve works with HTTP endpoints'],
    ['resolve without a fingerprint', ['alerts', 'resolve', '--url', 'URL'], '--fingerprint is required'],
    ['resolve with a bad --end-time', ['alerts', 'resolve', '--url', 'URL', '--fingerprint', 'f', '--end-time', 'later'], '--end-time must be an ISO 8601 date-time'],
  ];

  it.each(cases)('refuses %s', async (_name, args, message, extra = {}) => {
    const sb = sandbox();
    const i = integration(sb, 'http');
    const prom = integration(sb, 'prometheus');
    const mark = sb.requests.length;
    const res = await runCli(args.map((a) => (a === 'URL' ? i.url : a === 'PROM' ? prom.url : a)), { FORGECTL_ALERT_KEY: extra.key === false ? undefined : i.key }, extra.input);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stderr).not.toContain(i.key);
    expect(sb.requests.length).toBe(mark);
  });

  it('refuses the documented metrics payload for its invalid startsAt (doc quirk), naming the attribute', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const mark = sb.requests.length;
    const res = await runCli(['alerts', 'send', '--url', i.url, '--prometheus', '-'], { FORGECTL_ALERT_KEY: i.key }, JSON.stringify(realdata('prometheus_payload')));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/alerts\[0\]\.startsAt.*2022-010-30T11:22:40Z/);
    expect(sb.requests.length).toBe(mark);
  });
});

describe('--dry-run of a metrics batch', () => {
  it('states, per alert, the title and the severity the service will record, and sends nothing', async () => {
    const sb = sandbox();
    const i = integration(sb, 'prometheus');
    const payload = structuredClone(realdata('prometheus_payload'));
    payload.alerts[0].startsAt = '2022-10-30T11:22:40Z';
    payload.alerts.push({ startsAt: '2022-10-30T11:22:40Z', status: 'resolved', labels: { alertname: 'CPU', severity: 'P4' } });
    const mark = sb.requests.length;
    const ok = await runCli(['alerts', 'send', '--url', i.url, '--prometheus', '-', '--dry-run', '-o', 'json'], { FORGECTL_ALERT_KEY: i.key }, JSON.stringify(payload));
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('would record alert 1 of 2: title "Example title", severity high');
    expect(ok.stderr).toContain('would record alert 2 of 2: resolves the open alert with its fingerprint; title "CPU", severity low (alias "P4")');
    const dry = JSON.parse(ok.stdout);
    expect(dry).toMatchObject({ dry_run: true, method: 'POST', url: i.url, headers: { Authorization: '[REDACTED]' } });
    expect(dry.body.alerts).toHaveLength(2);
    expect(ok.stdout + ok.stderr).not.toContain(i.key);
    expect(sb.requests.length).toBe(mark);
  });
});
