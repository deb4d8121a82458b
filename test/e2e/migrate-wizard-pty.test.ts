// The wizard as a person uses it: the built binary in a real pseudo-terminal (tmux), keys sent one
// answer at a time, the screen read back, against two sandboxes (source and destination). Proves the
// prompts draw, that each check (token, source path, destination, collision) speaks on the spot and
// asks again, that the token stays hidden, and that the start and the live view follow.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { hasTmux, tmuxServer } from '../helpers/tmux.js';

const { tmux, kill: killTmux } = tmuxServer('wizard');
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
  killTmux();
  await source?.close();
  await dest?.close();
});

function backspace(n: number): void {
  tmux('send-keys', '-t', 'wizard', ...Array<string>(n).fill('BSpace'));
}

/**
 * A script that runs `forgectl ARGS` against the destination in a bare environment (plus `extraEnv`),
 * prints its exit code and stays open so the screen can still be read.
 */
function wizardScript(extraEnv: string, args: string): string {
  const dir = tempDir('forgectl-pty-');
  const script = join(dir, 'run.sh');
  writeFileSync(
    script,
    [
      `cd ${JSON.stringify(dir)}`,
      `env -i PATH="$PATH" HOME=${JSON.stringify(dir)} TERM=xterm-256color NO_COLOR=1 FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ` +
        `FORGECTL_URL=${dest.url} FORGECTL_TOKEN=${dest.tokens.admin} ${extraEnv} ${JSON.stringify(BIN)} ${args}`,
      'echo "EXIT=$?"',
      'sleep 120',
    ].join('\n'),
  );
  return script;
}

/** Lines of the screen that match, to count how often something was said. */
const count = (s: string, pattern: RegExp) => s.split('\n').filter((l) => pattern.test(l)).length;

describe.skipIf(!hasTmux)('migrate start wizard in a terminal', () => {
  it('checks the token, the source path, the destination and a collision as they are given, then starts and shows the live view to the end', async () => {
    const script = wizardScript('', 'migrate start --interval 100ms');
    const mark = dest.requests.length;
    tmux('new-session', '-d', '-s', 'wizard', '-x', '160', '-y', '60', `bash ${script}`);

    await waitFor(/Source instance URL/);
    type('nope');
    await waitFor(/a URL such as https:\/\/gitlab\.example\.com is required/);
    backspace(4);
    type(source.url);

    // A refused token is explained and asked again.
    await waitFor(/Access token on/);
    type(source.tokens.revoked);
    await waitFor(/refused the token \(401\): it is mistyped, revoked or expired; asking again/);
    await waitFor(/Access token on[^\n]*\n(.*\n)*.*Access token on/);
    type(source.tokens.bob);
    await waitFor(new RegExp(`Signed in to ${source.url.replace(/[.:/]/g, '\\$&')} as @bob \\(version \\S+; token "bob-workstation"; scopes api; expires \\d{4}-\\d\\d-\\d\\d\\)`));

    // The source is searched as you type; a path that does not exist is refused at once.
    await waitFor(/Entity 1: group or project on/);
    type('acmex', false);
    await waitFor(/not in the search results: Enter checks this path on the source/);
    type('');
    await waitFor(/acmex: no group or project with this path on/);
    type('acme/web', false);
    await waitFor(/❯ acme\/web  \(group, public\)/);
    type('');

    // The destination: a group that does not exist is refused at once.
    await waitFor(/Entity 1: destination group on/);
    type('imported', false);
    await waitFor(/not among the groups you may create in: Enter says why/);
    type('');
    await waitFor(/imported: no such group on .* \(create it first, or pick one of the list\)/);
    type('acme', false);
    await waitFor(/❯ acme  \(group, public\)/);
    type('');

    // acme/web exists on the destination: named, with a free slug offered as the default.
    await waitFor(/acme\/web is taken on .* \(a group\); web-2 is free\./);
    await waitFor(/Entity 1: destination slug/);
    type('web');
    await waitFor(/acme\/web already exists on .* \(a group\); web-2 is free/);
    backspace(3);
    type('pty-web');
    await waitFor(/migrate the group's projects too\?/);
    type(''); // yes, the default
    await waitFor(/Add another entity\?/);
    type('n');

    // The summary, then the choice of what to do.
    await waitFor(/What now\?/);
    const summary = screen();
    expect(summary).toMatch(/1\s+group\s+acme\/web → acme\/pty-web\s+9/);
    type(''); // start, the first choice
    await waitFor(/Watch the migration now \(live view\)\?/);
    type(''); // yes
    await waitFor(/watch again with: forgectl migrate watch \d+/);

    // The live view: a spinner line with the summary, one row per entity.
    const live = await waitFor(/migration \d+ (created|started): \d+ of \d+ finished\n\s+group acme\/web → acme\/pty-web\s+(created|started|finished)\s+\d+s/);
    expect(live).not.toContain('EXIT=');

    const end = await waitFor(/EXIT=\d+/, 40_000);
    expect(end).toContain('EXIT=0');
    expect(end).toMatch(/Started migration \d+/);
    expect(end).toMatch(/✔ migration \d+ finished: \d+ of \d+ finished/);
    // The final table on stdout, whole: it fits the terminal, so no column is folded into "Every row".
    expect(end).toMatch(/project\s+acme\/web\/storefront\s+acme\/pty-web\/storefront\s+finished\s+0\s+\d+s/);
    expect(end).not.toMatch(/^Every row:/m);
    // Tokens were typed but never shown; each wrong answer was said once.
    expect(end).not.toContain(source.tokens.bob);
    expect(end).not.toContain(source.tokens.revoked);
    expect(count(end, /refused the token/)).toBe(1);

    const post = dest.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');
    expect(post.map((p) => p.body)).toEqual([
      {
        configuration: { url: source.url, access_token: source.tokens.bob },
        entities: [{ source_type: 'group_entity', source_full_path: 'acme/web', destination_slug: 'pty-web', destination_namespace: 'acme', migrate_projects: true }],
      },
    ]);
  });

  it('Ctrl-C at a question exits 130 and sends nothing', async () => {
    const script = wizardScript(`FORGECTL_SOURCE_TOKEN=${source.tokens.bob}`, `migrate start --source-url ${source.url}`);
    const mark = dest.requests.length;
    tmux('kill-session', '-t', 'wizard');
    tmux('new-session', '-d', '-s', 'wizard', '-x', '160', '-y', '60', `bash ${script}`);
    await waitFor(/Entity 1: group or project on/);
    type('acme/platform', false);
    await waitFor(/❯ acme\/platform  \(group, internal\)/);
    tmux('send-keys', '-t', 'wizard', 'C-c');
    const end = await waitFor(/EXIT=\d+/);
    expect(end).toContain('EXIT=130');
    expect(dest.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('offers the top level first for a group, and migrates it there (an empty destination namespace)', async () => {
    const script = wizardScript(`FORGECTL_SOURCE_TOKEN=${source.tokens.bob}`, `migrate start --source-url ${source.url} --interval 100ms`);
    const mark = dest.requests.length;
    try {
      tmux('kill-session', '-t', 'wizard');
    } catch {
      // No session of a test before (this one ran alone).
    }
    tmux('new-session', '-d', '-s', 'wizard', '-x', '160', '-y', '60', `bash ${script}`);
    await waitFor(/Entity 1: group or project on/);
    type('acme/platform', false);
    await waitFor(/❯ acme\/platform  \(group, internal\)/);
    type('');
    await waitFor(/Entity 1: destination group on/);
    // Highlighted first, before any group.
    const offered = await waitFor(/❯ \(top level\)  a new top-level group/);
    expect(offered).toMatch(/❯ \(top level\)[^\n]*\n\s+acme  \(group/);
    type('');
    await waitFor(/Entity 1: destination slug \(the group will be SLUG\)/);
    type('pty-top');
    await waitFor(/migrate the group's projects too\?/);
    type('n');
    await waitFor(/Add another entity\?/);
    type('n');
    await waitFor(/What now\?/);
    expect(screen()).toMatch(/1\s+group\s+acme\/platform → pty-top\s+no/);
    type('');
    await waitFor(/Watch the migration now \(live view\)\?/);
    type('');
    const end = await waitFor(/EXIT=\d+/, 40_000);
    expect(end).toContain('EXIT=0');
    const post = dest.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');
    expect(post.map((p) => (p.body as { entities: unknown[] }).entities)).toEqual([
      [{ source_type: 'group_entity', source_full_path: 'acme/platform', destination_slug: 'pty-top', destination_namespace: '', migrate_projects: false }],
    ]);
    const group = await fetch(`${dest.url}/api/v4/groups/pty-top`, { headers: { 'PRIVATE-TOKEN': dest.tokens.admin } });
    expect(group.status).toBe(200);
    expect(await group.json()).toMatchObject({ full_path: 'pty-top', parent_id: null });
  });
});
