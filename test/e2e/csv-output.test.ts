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
    // A list value is written as JSON (commas and quotes inside a quoted field), so it reads back whole.
    expect(rows.map((r) => JSON.parse(r[at('scopes')]))).toEqual(tokens.map((t) => t.scopes));
  });

  it('keeps the --fields columns in their order, nested values as JSON', async () => {
    const res = await run(['token', 'list', '--all', '--fields', 'name,scopes,expires_at', '-o', 'csv']);
    const [header, ...rows] = pythonCsv(res.stdout);
    expect(header).toEqual(['name', 'scopes', 'expires_at']);
    const dave = rows.find((r) => r[0] === 'dave-scripts');
    expect(dave).toEqual(['dave-scripts', '["read_api"]', '']);
  });
});
