// List tables in a real terminal (tmux) of 80 and 120 columns: every row wrapped (ISO timestamps with
// milliseconds, long titles). Now each row fits, the widest text is cut with `…`, dates are short;
// a pipe still gets every value whole.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, forgectl, tempDir } from '../helpers/cli.js';
import { hasTmux, tmuxServer } from '../helpers/tmux.js';
import { displayWidth } from '../../src/core/table.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const { tmux, kill: killTmux } = tmuxServer('tables', { utf8: true });

const sb = useSandbox();
afterAll(() => {
  killTmux();
});

// A title a terminal shows in 2 columns a character, longer than any screen.
const CJK_TITLE = '合并请求的标题非常长，包含中文字符，用于检查终端宽度的计算是否正确无误，并且需要截断显示';

let session = 0;
/** Runs the CLI in a fresh tmux window of `width` columns; the screen as shown and with wrapped lines joined. */
async function inTerminal(width: number, args: string[]): Promise<{ shown: string[]; joined: string[] }> {
  const dir = tempDir('forgectl-pty-');
  const script = join(dir, 'run.sh');
  const name = `t${++session}`;
  writeFileSync(
    script,
    [
      `env -i PATH="$PATH" HOME=${JSON.stringify(dir)} TERM=xterm-256color LANG=C.UTF-8 TZ=UTC NO_COLOR=1 FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ` +
        `FORGECTL_URL=${sb().url} FORGECTL_TOKEN=${sb().tokens.admin} ${JSON.stringify(BIN)} ${args.join(' ')}`,
      'echo "EXIT=$?"',
      'sleep 60',
    ].join('\n'),
  );
  tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', '60', `bash ${script}`);
  const until = Date.now() + 20_000;
  while (!tmux('capture-pane', '-p', '-t', name).includes('EXIT=')) {
    if (Date.now() > until) throw new Error(`no EXIT= on the screen:\n${tmux('capture-pane', '-p', '-t', name)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const lines = (flags: string[]) => tmux('capture-pane', '-p', ...flags, '-t', name).replace(/\n+$/, '').split('\n');
  const shown = lines([]);
  const joined = lines(['-J']);
  // Sessions stay until afterAll: killing the last one stops the tmux server while the next test starts it.
  return { shown, joined };
}

const LISTS = [
  ['token', 'list'],
  ['mr', 'list', '--scope', 'all'],
  ['projects', 'list'],
  ['broadcast', 'list'],
];

describe.skipIf(!hasTmux)('list tables fit the terminal', () => {
  it('puts the long title in: a CJK title of an MR', async () => {
    const res = await fetch(`${sb().url}/api/v4/projects/${encodeURIComponent('opensource/forgectl')}/merge_requests/3`, {
      method: 'PUT',
      headers: { 'PRIVATE-TOKEN': sb().tokens.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: CJK_TITLE }),
    });
    expect(res.status).toBe(200);
  });

  for (const width of [80, 120]) {
    for (const args of LISTS) {
      it(`${args.join(' ')} at ${width} columns: no row wraps, text is cut with …, dates are short`, async () => {
        const { shown, joined } = await inTerminal(width, args);
        const screen = shown.join('\n');
        expect(screen).toContain('EXIT=0');
        // A wrapped row is one line joined but two shown.
        expect(joined.length, screen).toBe(shown.length);
        expect(screen).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        // Text that does not fit is cut (the CJK title is longer than any screen; a broadcast's message at
        // 80 columns); tokens and projects have no free text to cut.
        if (args[0] === 'mr' || (width === 80 && args[0] === 'broadcast')) expect(screen).toContain('…');
        expect(screen).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      });
    }
  }

  it('cuts the CJK title by terminal columns (2 a character), never half a character', async () => {
    const { shown, joined } = await inTerminal(80, ['mr', 'list', '--scope', 'all']);
    expect(joined.length).toBe(shown.length);
    const row = shown.find((l) => l.includes('合并'));
    expect(row).toMatch(/合并请求[^ ]*…/);
    expect(row).not.toContain(CJK_TITLE);
  });

  it('at 80 columns never cuts an identifier: references, names, URLs, types; flags shrink with a legend; what is left out is named', async () => {
    const json = async (args: string[]) => JSON.parse((await forgectl([...args, '-o', 'json'], { env: envFor(sb()) })).stdout) as Record<string, any>[];
    const mrs = await json(['mr', 'list', '--scope', 'all']);
    const mrScreen = (await inTerminal(80, ['mr', 'list', '--scope', 'all'])).shown;
    for (const mr of mrs) expect(mrScreen.some((l) => l.startsWith(`${mr.references.full} `)), mr.references.full).toBe(true);
    // The stderr note names what was left out and how to see it.
    // The widest identifiers leave first, dates last.
    expect(mrScreen.join('\n')).toMatch(/note: .*MERGE STATUS \(detailed_merge_status\).* left out to\s+fit 80 columns;\s+--fields brings them back/);
    expect(mrScreen[0]).toMatch(/ UPDATED$/);

    const tokens = await json(['token', 'list']);
    const tokenScreen = (await inTerminal(80, ['token', 'list'])).shown;
    for (const t of tokens) expect(tokenScreen.some((l) => new RegExp(`^${t.id}\\s+${t.name}\\s`).test(l)), t.name).toBe(true);

    const hooks = await json(['hooks', 'list']);
    const hookScreen = (await inTerminal(80, ['hooks', 'list'])).shown;
    for (const h of hooks) expect(hookScreen.some((l) => l.includes(` ${h.url} `)), h.url).toBe(true);
    // Five true/false columns take a letter each, explained under the table.
    expect(hookScreen.join('\n')).toMatch(/^ID\s+NAME\s+URL\s+P\s+T\s+M\s+R\s+S$/m);
    expect(hookScreen.join('\n')).toContain('P push, T tags, M mrs, R repo updates, S ssl (y yes, n no)');

    const broadcasts = await json(['broadcast', 'list']);
    const broadcastScreen = (await inTerminal(80, ['broadcast', 'list'])).shown;
    for (const b of broadcasts) expect(broadcastScreen.some((l) => new RegExp(`^${b.id}\\s+\\S\\s+${b.broadcast_type}\\s`).test(l)), b.broadcast_type).toBe(true);
    for (const screen of [mrScreen, tokenScreen, hookScreen, broadcastScreen]) for (const l of screen) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  it('says a column with one value on every row once, under the table, only when the table would not fit', async () => {
    const narrow = (await inTerminal(80, ['mr', 'list', '--scope', 'all', '--state', 'merged'])).shown.join('\n');
    expect(narrow).toMatch(/^Every row: .*STATE merged/m);
    expect(narrow).not.toMatch(/^REFERENCE.*\bSTATE\b/m);
    // Wide enough for every column: the table is shown whole, STATE in it.
    const wide = (await inTerminal(250, ['mr', 'list', '--scope', 'all', '--state', 'merged'])).shown.join('\n');
    expect(wide).not.toMatch(/^Every row:/m);
    expect(wide).toMatch(/^REFERENCE.*\bSTATE\b/m);
  });

  it('shows a record view\'s timestamps as the list tables do: one style on a terminal', async () => {
    const record = (await inTerminal(120, ['hooks', 'get', '1'])).shown.join('\n');
    const list = (await inTerminal(120, ['hooks', 'list', '--fields', 'id,created_at'])).shown.join('\n');
    const recordDate = /^created_at:\s+(\S.*)$/m.exec(record)?.[1];
    expect(recordDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(list).toContain(recordDate);
  });

  it('in a pipe: a false boolean is false, as CSV writes it, not an empty cell or "no"', async () => {
    const res = await forgectl(['projects', 'list', '--fields', 'path_with_namespace,archived', '--limit', '3'], { env: envFor(sb(), 'admin') });
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\S+\t(true|false)$/);
    const record = await forgectl(['projects', 'list', '--limit', '1'], { env: envFor(sb(), 'admin') });
    expect(record.stdout.split('\t')).toContain('false');
  });

  it('in a pipe: every value whole, ISO timestamps intact', async () => {
    for (const args of LISTS) {
      const res = await forgectl([...args], { env: envFor(sb(), 'admin', { COLUMNS: '80' }) });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).not.toContain('…');
      expect(res.stdout).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
      if (args[0] === 'mr') expect(res.stdout).toContain(CJK_TITLE);
    }
  });
});
