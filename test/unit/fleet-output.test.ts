import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError } from '../../src/core/errors.js';
import { renderFleet, type InstanceOutcome } from '../../src/core/fleet-output.js';
import { document, list, object, render, text, type OutputFormat } from '../../src/core/output.js';
import { Redactor } from '../../src/core/redact.js';

async function printed(outcomes: InstanceOutcome[], format: OutputFormat, opts: { tty?: boolean; fields?: string[] } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await renderFleet(outcomes, { format, fields: opts.fields, stdout, stderr, isTTY: !!opts.tty, color: false, redactor: new Redactor(), verbose: false });
  return { code, out, err };
}

const base = (instance: string, extra: Partial<InstanceOutcome>): InstanceOutcome => ({ instance, url: `https://${instance}.example.com`, exitCode: 0, dryRun: [], stdout: '', ...extra });
const rows = [{ id: 1, key: 'signup_enabled', instance: 'true', file: 'false' }];
const diffs = (instance: string) => base(instance, { result: { ...list(rows, [{ key: 'key' }, { key: 'instance' }]), exitCode: 5, summary: '1 difference' }, items: rows, exitCode: 5 });
const refused = () => base('dr', { error: new ApiError({ status: 401, method: 'GET', url: 'https://dr.example.com/api/v4/x', body: { message: '401 Unauthorized' } }), exitCode: 4 });

describe('a fleet printed together', () => {
  it('keeps an item field named instance, nesting the item under NDJSON lines that name the profile', async () => {
    const { out, code } = await printed([diffs('prod'), base('qa', { result: object({ id: 7 }) })], 'ndjson');
    expect(out.trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ instance: 'prod', item: rows[0] }, { instance: 'qa', id: 7 }]);
    expect(code).toBe(5);
  });

  it('keys JSON by profile with url, exit_code and result or error, and puts the worst code first', async () => {
    const { out, err, code } = await printed([diffs('prod'), refused(), base('qa', { notRun: 'prod failed' })], 'json', { fields: ['key'] });
    const data = JSON.parse(out);
    expect(data.prod).toEqual({ url: 'https://prod.example.com', exit_code: 5, result: [{ key: 'signup_enabled' }] });
    expect(data.dr).toMatchObject({ exit_code: 4, error: { status: 401, message: '401 Unauthorized', hint: expect.stringMatching(/token/) } });
    expect(data.qa).toEqual({ url: 'https://qa.example.com', exit_code: null, error: { message: 'not run: prod failed' } });
    expect(code).toBe(4);
    expect(err).toMatch(/^dr: error: 401 Unauthorized$/m);
    expect(err.trim().split('\n').at(-1)).toBe('prod 1 difference \u00b7 dr 401 \u00b7 qa not run');
  });

  it('gives CSV one header, each record of an instance a row under it, secrets masked', async () => {
    const rec = (instance: string, id: number) => base(instance, { result: object({ id, key: `secret-${id}` }, { maskKeys: ['key'] }) });
    const { out } = await printed([rec('prod', 1), rec('qa', 2)], 'csv');
    // CSV lines end in CRLF (RFC 4180).
    const lines = out.trim().split('\r\n');
    expect(lines[0]).toBe('instance,id,key');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['prod,1', 'qa,2']);
    expect(out).not.toContain('secret-');
  });

  it('writes each CSV record of a listed item as one instance writes it, after the instance', async () => {
    // A computed table cell (`archived`, a word) is not the data (`false`) that -o csv gives on one instance.
    const items = [{ id: 1, archived: false }, { id: 2, archived: true }];
    const projects = () => list(items, [{ key: 'id' }, { key: 'archived', value: (p: { archived: boolean }) => (p.archived ? 'archived' : '') }]);
    const one = new PassThrough();
    let single = '';
    one.on('data', (c) => (single += c));
    await render(projects(), { format: 'csv', stdout: one, stderr: new PassThrough(), isTTY: false, color: false });
    const { out } = await printed([base('prod', { result: projects(), items })], 'csv');
    const records = single.trim().split('\r\n');
    expect(out.trim().split('\r\n')).toEqual([`instance,${records[0]}`, ...records.slice(1).map((r) => `prod,${r}`)]);
  });

  it('gives CSV of plans (documents with rows) one header and each change a row after its instance, no headings', async () => {
    const plan = (item: string) => document({ changes: [item] }, { text: `Plan: ${item}`, rows: list([{ action: 'update', item }], [{ key: 'action' }, { key: 'item' }]) });
    const { out } = await printed([base('prod', { result: plan('a') }), base('qa', { result: plan('b') })], 'csv');
    expect(out).toBe('instance,action,item\r\nprod,update,a\r\nqa,update,b\r\n');
  });

  it("keeps an item's own instance column in CSV apart from the profile's", async () => {
    const { out } = await printed([diffs('prod')], 'csv');
    expect(out).toBe('instance,key,instance\r\nprod,signup_enabled,true\r\n');
  });

  it('puts the instance first in a record on a terminal, a row per record in a pipe, and a heading over each text', async () => {
    const outcomes = [base('prod', { result: object({ id: 1, name: 'x' }) }), base('qa', { result: object({ id: 2, name: 'y' }) })];
    // In a pipe a fleet's records are rows, as -o csv has them (issue 42.4); a terminal keeps each record.
    expect((await printed(outcomes, 'table')).out).toBe('prod\t1\tx\nqa\t2\ty\n');
    const onTerminal = (await printed(outcomes, 'table', { tty: true })).out;
    expect(onTerminal).toBe('instance:  prod\nid:        1\nname:      x\n\ninstance:  qa\nid:        2\nname:      y\n');
    const texts = await printed([base('prod', { result: text('No changes.') }), base('qa', { error: new NotFoundError({ status: 404, method: 'GET', url: 'https://qa.example.com/api/v4/x', body: null }), exitCode: 3 })], 'table');
    expect(texts.out).toBe('==> prod (https://prod.example.com) <==\nNo changes.\n');
    expect(texts.code).toBe(3);
  });
});
