// Sizes with units (issue 37.6): a setting or plan limit kept in bytes (or MiB) takes `3GB`,
// `512MiB`, `10kB`, in arguments, settings files and state files; help and errors name the units.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { forgectl, tempDir, type CliResult } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const dir = tempDir();

async function run(args: string[]): Promise<{ res: CliResult; writes: { body?: unknown }[]; sent: number }> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb) });
  const sent = requestsSince(sb, mark);
  return { res, writes: sent.filter((r) => r.method !== 'GET'), sent: sent.length };
}

function file(name: string, content: object): string {
  const path = join(dir, name);
  writeFileSync(path, stringify(content));
  return path;
}

async function limits(): Promise<Record<string, number>> {
  const sb = sandbox();
  return (await rawGet(sb, '/application/plan_limits', sb.tokens.admin)).body;
}

describe('plan-limits set', () => {
  it('conan_max_file_size=3GB sends 3000000000; binary units are 1024s; a MiB limit takes a size in whole MiB', async () => {
    const { res, writes } = await run(['plan-limits', 'set', 'conan_max_file_size=3GB', 'npm_max_file_size=512MiB', 'dotenv_size=10kB', 'storage_size_limit=10GiB']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes.map((w) => w.body)).toEqual([{ plan_name: 'default', conan_max_file_size: 3_000_000_000, npm_max_file_size: 536_870_912, dotenv_size: 10_000, storage_size_limit: 10_240 }]);
    expect(await limits()).toMatchObject({ conan_max_file_size: 3_000_000_000, npm_max_file_size: 536_870_912 });
  });

  it.each([
    [['conan_max_file_size=3XB'], /conan_max_file_size must be a size in bytes: a number, or one with a unit: kB, MB, GB, TB .* KiB, MiB, GiB, TiB/],
    [['storage_size_limit=3GB'], /storage_size_limit is in MiB: 3GB is not a whole number of MiB/],
    [['ci_pipeline_size=3GB'], /ci_pipeline_size must be an integer/],
    [['conan_max_file_size=1.5B'], /conan_max_file_size: 1.5B is not a whole number of bytes/],
  ])('%j is refused before anything is sent', async (args, message) => {
    const { res, sent } = await run(['plan-limits', 'set', ...args]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(sent).toBe(0);
  });

  it('help says which limits take units', async () => {
    const res = await forgectl(['plan-limits', 'set', '--help']);
    expect(res.stdout).toMatch(/3GB/);
    expect(res.stdout.replace(/\s+/g, ' ')).toMatch(/KiB, MiB, GiB/);
  });
});

describe('settings', () => {
  it('set takes sizes for the byte and MiB settings, from arguments and files', async () => {
    const { res, writes } = await run(['settings', 'set', 'max_attachment_size=1GiB', 'snippet_size_limit=20MB']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes.map((w) => w.body)).toEqual([{ max_attachment_size: 1024, snippet_size_limit: 20_000_000 }]);
    const fromFile = await run(['settings', 'set', '-f', file('sizes.yaml', { wiki_page_max_content_bytes: '2MiB', max_import_size: '2 GiB' })]);
    expect(fromFile.res.exitCode, fromFile.res.stderr).toBe(0);
    expect(fromFile.writes.map((w) => w.body)).toEqual([{ wiki_page_max_content_bytes: 2_097_152, max_import_size: 2048 }]);
    const bad = await run(['settings', 'set', 'max_attachment_size=10kB']);
    expect(bad.res.exitCode).toBe(2);
    expect(bad.res.stderr).toContain('max_attachment_size is in MiB: 10kB is not a whole number of MiB');
    expect(bad.sent).toBe(0);
    const count = await run(['settings', 'set', 'max_login_attempts=3GB']);
    expect(count.res.exitCode).toBe(2);
    expect(count.sent).toBe(0);
  });

  it('settings set --help names the units', async () => {
    const res = await forgectl(['settings', 'set', '--help']);
    expect(res.stdout).toMatch(/512MiB/);
  });
});

describe('state files', () => {
  it('plan_limits and settings take sizes; apply sends the bytes', async () => {
    const f = file('state.yaml', { settings: { max_export_size: '1GiB' }, plan_limits: { default: { pypi_max_file_size: '3GB' } } });
    const { res, writes } = await run(['state', 'apply', '--yes', '-f', f]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes.map((w) => w.body)).toEqual([{ max_export_size: 1024 }, { plan_name: 'default', pypi_max_file_size: 3_000_000_000 }]);
    expect((await run(['state', 'plan', '--exit-code', '-f', f])).res.exitCode).toBe(0);
  });
});
