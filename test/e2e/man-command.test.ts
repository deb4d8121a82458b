// `forgectl man [COMMAND...]`: on a terminal the page opens in man(1) (the user's pager), without man
// or in a pipe the roff is printed; a mistyped name is a usage error naming the nearest command.

import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, forgectl, tempDir } from '../helpers/cli.js';
import { hasTmux, tmuxServer } from '../helpers/tmux.js';

const { tmux, kill: killTmux } = tmuxServer('man');
afterAll(() => killTmux());

const ROOT = resolve(import.meta.dirname, '../..');
const hasMan = spawnSync('sh', ['-c', 'command -v man']).status === 0;

let session = 0;
/** Runs `forgectl ARGS` in a terminal of 100 columns with PATH as given; the screen once it exits. */
async function inTerminal(args: string[], path: string): Promise<string> {
  const dir = tempDir('forgectl-man-pty-');
  const script = join(dir, 'run.sh');
  const name = `m${++session}`;
  // node by its full path: the PATH under test may hold neither node nor man.
  writeFileSync(
    script,
    [
      `env -i PATH=${JSON.stringify(path)} HOME=${JSON.stringify(dir)} TERM=xterm-256color LANG=C.UTF-8 MANPAGER=cat MANWIDTH=100 ` +
        `FORGECTL_CONFIG_DIR=${JSON.stringify(dir)} ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${args.join(' ')}`,
      'echo "EXIT=$?"',
      'sleep 60',
    ].join('\n'),
  );
  tmux('new-session', '-d', '-s', name, '-x', '100', '-y', '50', `bash ${script}`);
  const until = Date.now() + 20_000;
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name);
  while (!screen().includes('EXIT=')) {
    if (Date.now() > until) throw new Error(`no EXIT= on the screen:\n${screen()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return screen();
}

describe('forgectl man', () => {
  it.skipIf(!hasTmux || !hasMan)('on a terminal, shows the page formatted by man (through MANPAGER)', async () => {
    const screen = await inTerminal(['man', 'projects'], '/usr/local/bin:/usr/bin:/bin');
    expect(screen).toContain('EXIT=0');
    expect(screen).toMatch(/^FORGECTL-PROJECTS\(1\)\s+forgectl manual\s+FORGECTL-PROJECTS\(1\)$/m);
    expect(screen).toContain('$ forgectl projects list');
    expect(screen).not.toContain('.TH ');
  });

  it.skipIf(!hasTmux)('on a terminal without man, prints the roff', async () => {
    const screen = await inTerminal(['man', 'projects'], tempDir('forgectl-empty-path-'));
    expect(screen).toContain('EXIT=0');
    expect(screen).toContain('.TH FORGECTL\\-PROJECTS 1');
  });

  it.skipIf(!hasTmux)('on a terminal, a man that fails is reported in one line with its status, exit 1', async () => {
    const dir = tempDir('forgectl-bad-man-');
    // Reads the page as man does, then fails as man does on a page it cannot format.
    writeFileSync(join(dir, 'man'), '#!/bin/sh\ncat >/dev/null\nexit 3\n', { mode: 0o755 });
    const screen = await inTerminal(['man', 'projects'], `${dir}:/usr/bin:/bin`);
    expect(screen).toMatch(/^.*man -l - ended with status 3.*$/m);
    expect(screen).toContain('EXIT=1');
    expect(screen).not.toContain('.TH ');
  });

  it('in a pipe prints the roff even when the output is forced to look like a terminal', async () => {
    const res = await forgectl(['man', 'token'], { env: { FORGECTL_FORCE_TTY: '1' } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^\.\\" Generated .*\n\.TH FORGECTL\\-TOKEN 1 /);
  });

  it('refuses an unknown command with one line naming the nearest, exit 2', async () => {
    // help walks the same words as man (commands/words.ts), with the same one line.
    for (const [args, line] of [
      [['man', 'projcts'], 'error: unknown command "forgectl projcts": did you mean forgectl projects?'],
      [['man', 'token', 'rotat'], 'error: unknown command "forgectl token rotat": did you mean forgectl token rotate?'],
      [['man', 'projects', 'list', 'extra'], 'error: "forgectl projects list" has no subcommands'],
      [['man', 'licenses', 'x'], 'error: "forgectl licenses" has no subcommands'],
      [['help', 'projects', 'list', 'extra'], 'error: "forgectl projects list" has no subcommands'],
      [['help', 'projcts'], 'error: unknown command "forgectl projcts": did you mean forgectl projects?'],
    ] as const) {
      const res = await forgectl([...args]);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toBe(line);
    }
    const far = await forgectl(['man', 'kubernetes']);
    expect(far.exitCode).toBe(2);
    expect(far.stderr.split('\n')).toHaveLength(1);
    expect(far.stderr).toMatch(/^error: unknown command "forgectl kubernetes" \(commands: state, settings, .*, profile, .*, man\)$/);
  });

  // As in the single executable: the program alone, no man/, completions/ or node_modules beside it.
  it('prints pages and completion scripts from a copy of bin/ and dist/ alone', async () => {
    const copy = tempDir('forgectl-alone-');
    // What bin/forgectl loads, not the rest of dist/ (the single executable and its parts, 100 MB).
    for (const part of ['bin', 'dist/main.js', 'dist/launch.cjs', 'dist/chunks', 'dist/app.cjs', 'dist/app.cache']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    const run = (args: string[]) => execa(process.execPath, [join(copy, 'bin/forgectl'), ...args], { cwd: copy, env: cleanEnv({ FORGECTL_CONFIG_DIR: copy }), extendEnv: false, reject: false });
    const page = await run(['man', 'token']);
    expect(page.exitCode, String(page.stderr)).toBe(0);
    expect(`${page.stdout}\n`).toBe(readFileSync(join(ROOT, 'man/forgectl-token.1'), 'utf8'));
    const script = await run(['completion', 'zsh']);
    expect(script.exitCode, String(script.stderr)).toBe(0);
    expect(`${script.stdout}\n`).toBe(readFileSync(join(ROOT, 'completions/_forgectl'), 'utf8'));
  });

  it('--help gives an example that runs', async () => {
    const res = await forgectl(['man', '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('forgectl man projects');
  });

  // forgectl(1) lists each command as its summary then a pointer: a sentence each, not one run-on line.
  it('ends each command summary of forgectl(1) with a full stop before its See line', async () => {
    const res = await forgectl(['man']);
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stdout.split('\n').filter((l) => / See \\fBforgectl\\-/.test(l));
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(line).toMatch(/[.!?] See \\fBforgectl\\-[a-z\\-]+\\fR\(1\)\.$/);
  });
});
