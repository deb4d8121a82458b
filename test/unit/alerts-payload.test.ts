// Alert payload building and the severity/title the service will record (src/commands/alerts/payload.ts).

import { describe, expect, it } from 'vitest';
import {
  applyFields,
  buildHttpPayload,
  buildPrometheusPayload,
  checkPrometheusPayload,
  previewHttp,
  previewPrometheus,
} from '../../src/commands/alerts/payload.js';

describe('HTTP payload', () => {
  it('lets flags override a file’s keys and keeps the file’s other keys', () => {
    const p = buildHttpPayload({ title: 'from flag', hosts: 'a, b', startTime: '2026-01-01T00:00:00Z' }, { title: 'from file', foo: { bar: 1 } });
    expect(p).toEqual({ title: 'from flag', foo: { bar: 1 }, hosts: ['a', 'b'], start_time: '2026-01-01T00:00:00Z' });
  });

  it('nests dotted --field keys and reads JSON-looking values as JSON', () => {
    const p: Record<string, unknown> = {};
    applyFields(p, ['foo.bar.baz=42', 'flag=true', 'list=[1,"x"]', 'plain=hello world', 'obj={"a":{"b":null}}', 'version=1.2.3'], []);
    expect(p).toEqual({ foo: { bar: { baz: 42 } }, flag: true, list: [1, 'x'], plain: 'hello world', obj: { a: { b: null } }, version: '1.2.3' });
  });

  it('refuses field names that would reach the object prototype instead of dropping them', () => {
    for (const f of ['__proto__.x=1', 'a.__proto__=1', 'constructor.prototype.x=1']) {
      const p: Record<string, unknown> = {};
      expect(() => applyFields(p, [f], []), f).toThrow(/--field key is not allowed/);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
  });

  it('previews what the HTTP endpoint records: the six severities in any case, critical for an alias or anything else', () => {
    expect(previewHttp({ severity: 'HIGH' })[0]).toMatchObject({ severity: 'high', severityNote: undefined });
    expect(previewHttp({ severity: 'Warning' })[0]).toMatchObject({
      severity: 'critical',
      severityNote: '"Warning" is not a known severity; it is a metrics-alerting alias of low, which the HTTP endpoint does not read',
    });
    expect(previewHttp({ severity: 'sev-9' })[0]).toMatchObject({ severity: 'critical', severityNote: '"sev-9" is not a known severity' });
  });

  it('previews the default title and severity, and end_time as resolving', () => {
    expect(previewHttp({})[0]).toEqual({ title: 'New: Alert', titleDefaulted: true, severity: 'critical', severityNote: 'default: no severity given', resolving: false });
    expect(previewHttp({ title: 'x', severity: 'unknown', end_time: '2026-01-01T00:00:00Z' })[0]).toMatchObject({ severity: 'unknown', resolving: true });
  });
});

describe('metrics-alerting payload', () => {
  it('builds every required attribute from flags and checks as valid', () => {
    const p = buildPrometheusPayload({ title: 'Latency', severity: 's2', environment: 'production', field: ['runbook=https://rb'] }, new Date('2026-03-01T00:00:00Z'));
    checkPrometheusPayload(p, 'flags');
    expect(p.alerts).toEqual([{ status: 'firing', labels: { severity: 's2', service_environment_name: 'production' }, annotations: { title: 'Latency', runbook: 'https://rb' }, startsAt: '2026-03-01T00:00:00.000Z' }]);
    expect(previewPrometheus(p)[0]).toMatchObject({ title: 'Latency', severity: 'high', severityNote: 'alias "s2"', resolving: false });
  });

  it('--end-time makes a resolved alert', () => {
    const p = buildPrometheusPayload({ title: 'Latency', startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-01T01:00:00Z' });
    expect(p.status).toBe('resolved');
    expect((p.alerts as any[])[0]).toMatchObject({ status: 'resolved', endsAt: '2026-03-01T01:00:00Z' });
  });

  it('treats Alertmanager’s zero or future endsAt as firing and a past one as resolving', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const item = (endsAt: string, status = 'firing') => ({ status, labels: { alertname: 'A' }, startsAt: '2026-03-01T00:00:00Z', endsAt });
    const p = { alerts: [item('0001-01-01T00:00:00Z'), item('2026-03-02T00:00:00Z'), item('2026-03-01T11:00:00Z'), item('0001-01-01T00:00:00Z', 'resolved')] };
    expect(previewPrometheus(p, now).map((a) => a.resolving)).toEqual([false, false, true, true]);
  });

  it('takes the title from annotations.title, then summary, then labels.alertname', () => {
    const p = { alerts: [{ annotations: { summary: 'S' }, labels: { alertname: 'N' } }, { labels: { alertname: 'N' } }, { annotations: { title: 'T', summary: 'S' } }] };
    expect(previewPrometheus(p).map((a) => a.title)).toEqual(['S', 'N', 'T']);
  });
});
