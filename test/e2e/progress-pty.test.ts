// Progress on long work: `projects list --all` as a table on a terminal showed a blank screen until
// its last page. Now a spinner on stderr counts items and pages, and says when a page is retried;
// a pipe gets none of it.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, forgectl, tempDir } from '../helpers/cli.js';
import { hasTmux, tmuxServer } from '../helpers/tmux.js';
import { runCli, ScriptedPrompter } from '../helpers/harness.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const { tmux, kill: killTmux } = tmuxServer('progress', { utf8: true });

// Each answer is slow: a list of many small pages takes seconds, as on a busy instance.
const sb = useSandbox({ latencyMs: 300 });
afterAll(() => {
  killTmux();
});

// One page at a time, 5 items a page: the 60+ projects of the seed take a dozen slow pages.
const SLOW_LIST = ['projects', 'list', '--all', '--per-page', '5'];
const ONE_AT_A_TIME = { FORGECTL_PAGE_CONCURRENCY: '1' };
const SPINNER_FRAMES = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\x1b\[\?25l/;

let session = 0;
function startInTerminal(args: string[], env: Record<string, string> = {}): string {
  const dir = tempDir('forgectl-pty-');
  const script = join(dir, 'run.sh');
  const name = `p${++session}`;
  const extra = Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ');
  writeFileSync(
    script,
    [
      `env -i PATH="$PATH" HOME=${JSON.stringify(dir)} TERM=xterm-256color LANG=C.UTF-8 NO_COLOR=1 FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ${extra} ` +
        `FORGECTL_URL=${sb().url} FORGECTL_TOKEN=${sb().tokens.admin} ${JSON.stringify(BIN)} ${args.join(' ')}`,
      'echo "EXIT=$?"',
      'sleep 60',
    ].join('\n'),
  );
  tmux('new-session', '-d', '-s', name, '-x', '100', '-y', '100', `bash ${script}`);
  return name;
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name);

async function waitFor(name: string, done: (s: string) => boolean, what: string): Promise<string> {
  const until = Date.now() + 30_000;
  for (;;) {
    const s = screen(name);
    if (done(s)) return s;
    if (Date.now() > until) throw new Error(`screen never showed ${what}:\n${s}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!hasTmux)('progress while a table is gathered', () => {
  it('a terminal shows items and pages read while a slow list is read, then only the table', async () => {
    const name = startInTerminal(SLOW_LIST, ONE_AT_A_TIME);
    const during = await waitFor(name, (s) => /reading… \d+ items?, \d+ of \d+ pages/.test(s) && !/reading… 0 items/.test(s), 'the items and pages read');
    expect(during).not.toContain('EXIT=');
    const after = await waitFor(name, (s) => s.includes('EXIT='), 'the end');
    expect(after).toContain('EXIT=0');
    expect(after).not.toContain('reading…');
    expect(after).toMatch(/^ID +PATH/m);
  });

  it('a terminal says a page is being retried after a 503', async () => {
    sb().addFaults('503:1@GET:/projects?page=3');
    // A long backoff keeps the note on the screen long enough to be seen.
    const name = startInTerminal(SLOW_LIST, { ...ONE_AT_A_TIME, FORGECTL_RETRY_BASE_MS: '4000' });
    const during = await waitFor(name, (s) => /retrying GET after 503 in \d+\.\ds \(retry 1 of 3\)/.test(s), 'the retry note');
    expect(during).toMatch(/reading… \d+ items/);
    const after = await waitFor(name, (s) => s.includes('EXIT='), 'the end');
    expect(after).toContain('EXIT=0');
    expect(after).not.toContain('retrying');
  });

  it('without a table to gather (stdout to a file), a retry is still one note on the terminal', async () => {
    await sb().clearFaults();
    sb().addFaults('503:1@GET:/projects?page=1');
    const name = startInTerminal(['projects', 'list', '-o', 'json', '>', '/dev/null'], { FORGECTL_RETRY_BASE_MS: '1' });
    const after = await waitFor(name, (s) => s.includes('EXIT='), 'the end');
    expect(after).toContain('EXIT=0');
    expect(after).toMatch(/^retrying GET after 503 in \d+\.\ds \(retry 1 of 3\)…$/m);
    expect(after).not.toContain('reading…');
  });

  it('a pipe gets no spinner frames and no progress text, even with a retry', async () => {
    await sb().clearFaults();
    sb().addFaults('503:1@GET:/projects?page=2');
    const env = envFor(sb(), 'admin', { ...ONE_AT_A_TIME, FORGECTL_RETRY_BASE_MS: '1' });
    const list = ['projects', 'list', '--all', '--per-page', '20'];
    const piped = await forgectl(list, { env });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    // A table on a (forced) terminal whose stderr is a pipe: gathered, but still nothing drawn.
    sb().addFaults('503:1@GET:/projects?page=2');
    const forced = await forgectl(list, { env: { ...env, FORGECTL_FORCE_TTY: '1' } });
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^ID +PATH/);
    expect(forced.stderr).not.toMatch(SPINNER_FRAMES);
    expect(forced.stderr).not.toMatch(/reading…|retrying/);
  });
});

describe('profile login on a terminal', () => {
  it('shows a spinner while it checks the URL', async () => {
    // (login itself needs a terminal on stderr, where its prompts draw.)
    const res = await runCli(['profile', 'login'], {
      env: { FORGECTL_CONFIG_DIR: tempDir() },
      tty: { stdin: true, stdout: false, stderr: true },
      prompt: new ScriptedPrompter([sb().url, 'personal', sb().tokens.alice, 'home']),
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(`checking ${sb().url}…`);
    expect(res.stderr).toMatch(/Verified token/);
  });
});
