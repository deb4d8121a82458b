// The live view of `migrate watch` in a real terminal of 24 rows and 80 columns (tmux): a group of
// 35 entities drew 40-line frames that could not be erased, so every redraw went to the scrollback.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { BIN, forgectl, json, tempDir } from '../helpers/cli.js';
import { hasTmux, tmuxServer } from '../helpers/tmux.js';

const { tmux, kill: killTmux } = tmuxServer('watch');
const screen = () => tmux('capture-pane', '-p', '-t', 'watch');
const scrolledOff = () => Number(tmux('display-message', '-p', '-t', 'watch', '#{history_size}').trim());

async function waitFor(done: (screen: string) => boolean, what: string, ms = 20_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const s = screen();
    if (done(s)) return s;
    if (Date.now() > until) throw new Error(`screen never showed ${what}:\n${s}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Real speed: the migration runs far longer than the test looks at it.
const sourceSandbox = useSandbox();
const destSandbox = useSandbox();
afterAll(() => killTmux());

describe.skipIf(!hasTmux)('migrate watch live view in a terminal of 24 rows', () => {
  it('keeps every frame within the screen: nothing goes to the scrollback, the rest is "… N more"', async () => {
    const env = { FORGECTL_URL: destSandbox().url, FORGECTL_TOKEN: destSandbox().tokens.admin };
    const started = await forgectl(['migrate', 'start', '--source-url', sourceSandbox().url, '--source-token-stdin', '--entity', 'group:acme=opensource:pty-watch', '-o', 'json'], {
      env,
      input: sourceSandbox().tokens.bob,
    });
    expect(started.exitCode, started.stderr).toBe(0);
    const id = json(started).id as number;

    const dir = tempDir('forgectl-pty-');
    const script = join(dir, 'watch.sh');
    writeFileSync(
      script,
      [
        `env -i PATH="$PATH" HOME=${JSON.stringify(dir)} TERM=xterm-256color NO_COLOR=1 FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ` +
          `FORGECTL_URL=${destSandbox().url} FORGECTL_TOKEN=${destSandbox().tokens.admin} ${JSON.stringify(BIN)} migrate watch ${id} --interval 200ms`,
        'echo "EXIT=$?"',
        'sleep 120',
      ].join('\n'),
    );
    tmux('new-session', '-d', '-s', 'watch', '-x', '80', '-y', '24', `bash ${script}`);

    const first = await waitFor((s) => /… \d+ more \(/.test(s), 'the "… N more" line');
    // A few redraws later (the elapsed times tick each second), still nothing scrolled off.
    const second = await waitFor((s) => s !== first, 'a redraw');
    await waitFor((s) => s !== second, 'another redraw');
    const now = screen();
    expect(now).not.toContain('EXIT=');
    expect(scrolledOff(), now).toBe(0);
    const lines = now.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(lines[0]).toMatch(new RegExp(`migration ${id} (created|started): \\d+ of 35 finished`));
    expect(now).toMatch(/^ {2}… \d+ more \(\d+ [a-z]+/m);
    expect(now).not.toContain('content truncated');
  });
});
