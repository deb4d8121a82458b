// The wizard as a person uses it: the built binary in a real pseudo-terminal (tmux), keys sent one
// answer at a time, the screen read back. Proves the prompts draw, refuse a bad answer on the spot,
// hide the token, and that the start and the live view follow.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BIN, tempDir } from '../helpers/cli.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

const SOCKET = `forgectl-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'wizard', '-S', '-200');

async function waitFor(pattern: RegExp, ms = 20_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const s = screen();
    if (pattern.test(s)) return s;
    if (Date.now() > until) throw new Error(`screen never showed ${pattern}:\n${s}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Types text (literally) and optionally presses Enter. */
function type(text: string, enter = true): void {
  if (text) tmux('send-keys', '-t', 'wizard', '-l', text);
  if (enter) tmux('send-keys', '-t', 'wizard', 'Enter');
}

let source: Sandbox;
let dest: Sandbox;
beforeAll(async () => {
  source = await startSandbox({ seed: 'demo' });
  // 20× faster: the migration takes about a second and a half, long enough to see the live view.
  dest = await startSandbox({ seed: 'demo', clockSpeed: 20 });
});
afterAll(async () => {
  try {
    if (hasTmux) tmux('kill-server');
  } catch {
    // already gone
  }
  await source?.close();
  await dest?.close();
});

describe.skipIf(!hasTmux)('migrate start wizard in a terminal', () => {
  it('asks, refuses a bad answer as typed, hides the token, starts and shows the live view to the end', async () => {
    const dir = tempDir('forgectl-pty-');
    const script = join(dir, 'run.sh');
    writeFileSync(
      script,
      [
        `cd ${JSON.stringify(dir)}`,
        `env -i PATH="$PATH" HOME=${JSON.stringify(dir)} TERM=xterm-256color NO_COLOR=1 FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ` +
          `FORGECTL_URL=${dest.url} FORGECTL_TOKEN=${dest.tokens.admin} ${JSON.stringify(BIN)} migrate start --interval 100ms`,
        'echo "EXIT=$?"',
        'sleep 120',
      ].join('\n'),
    );
    const mark = dest.requests.length;
    tmux('new-session', '-d', '-s', 'wizard', '-x', '160', '-y', '60', `bash ${script}`);

    await waitFor(/Source instance URL/);
    type('nope');
    await waitFor(/a URL such as https:\/\/gitlab\.example\.com is required/);
    tmux('send-keys', '-t', 'wizard', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    type(source.url);
    await waitFor(/Access token on the source/);
    type(source.tokens.bob);
    await waitFor(/Entity 1: what to migrate\?/);
    type(''); // group, the first choice
    await waitFor(/Entity 1: full path of the group on the source/);
    type('acme/web');
    await waitFor(/Entity 1: destination group/);
    type('opensource');
    await waitFor(/Entity 1: destination slug/);
    type('pty-web');
    await waitFor(/migrate the group's projects too\?/);
    type(''); // yes, the default
    await waitFor(/Add another entity\?/);
    type('n');
    await waitFor(/Save this as a plan file/);
    type(''); // no, the default
    await waitFor(/Start migrating this entity\?/);
    const summary = screen();
    expect(summary).toMatch(/1\s+group\s+acme\/web\s+opensource\/pty-web\s+yes/);
    type('y');

    // The live view: a spinner line with the summary, one row per entity.
    const live = await waitFor(/migration \d+ (created|started): \d+ of \d+ finished\n\s+group acme\/web → opensource\/pty-web\s+(created|started|finished)\s+\d+s/);
    expect(live).not.toContain('EXIT=');

    const end = await waitFor(/EXIT=\d+/, 40_000);
    expect(end).toContain('EXIT=0');
    expect(end).toMatch(/Started migration \d+/);
    expect(end).toMatch(/✔ migration \d+ finished: \d+ of \d+ finished/);
    // The final table on stdout.
    expect(end).toMatch(/project\s+acme\/web\/storefront\s+opensource\/pty-web\/storefront\s+finished\s+0/);
    // The token was typed but never shown.
    expect(end).not.toContain(source.tokens.bob);

    const post = dest.requests.slice(mark).find((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');
    expect(post?.body).toEqual({
      configuration: { url: source.url, access_token: source.tokens.bob },
      entities: [{ source_type: 'group_entity', source_full_path: 'acme/web', destination_slug: 'pty-web', destination_namespace: 'opensource', migrate_projects: true }],
    });
  });
});
