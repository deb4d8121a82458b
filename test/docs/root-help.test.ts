// `forgectl --help` lists each group by name and summary: the line that prints it builds the groups
// without their commands (issue 27, start-up), and prints byte for byte what the whole tree prints.

import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { execa } from 'execa';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';
import { programFor, runCli, testContext } from '../helpers/harness.js';

/** Lines that can print nothing but the root help (or the version, or a root option's error). */
const ROOT_HELP_LINES = [[], ['--help'], ['-h'], ['help'], ['-ojson', 'help'], ['--verbose', '--help'], ['-p', 'work', '--help'], ['--profile=work', '-h'], ['-p', 'help'], ['-o', 'json']];
/** Lines that may reach a group's commands (or suggest one), each with the group that must be whole. */
const GROUP_LINES: [string[], string][] = [
  [['projects', '--help'], 'projects'],
  [['--help', 'projects'], 'projects'],
  [['--', 'projects'], 'projects'],
  [['help', 'projects', 'list'], 'projects'],
  [['help', '-p', 'work'], 'projects'],
  [['-ojson', 'mr'], 'mr'],
  [['projcts'], 'projects'],
];

/** The commands of a tree below the root, as paths. */
function paths(cmd: Command, prefix: string[] = []): string[] {
  return cmd.commands.flatMap((c) => [[...prefix, c.name()].join(' '), ...paths(c, [...prefix, c.name()])]);
}

/** What the root help of `program` prints on a terminal `width` columns wide. */
function rootHelp(program: Command, width: number): string {
  const t = testContext();
  program.configureOutput({ writeOut: (s) => t.ctx.stdout.write(s), getOutHelpWidth: () => width, getOutHasColors: () => false });
  program.outputHelp();
  return t.stdout();
}

describe('the root help', () => {
  const whole = programFor();
  const groups = whole.commands.filter((c) => c.commands.length > 0).map((c) => c.name());

  it('builds each group without its commands, each command without its options (the whole tree has ~150)', () => {
    expect(groups.length).toBeGreaterThan(15);
    expect(paths(whole).length).toBeGreaterThan(100);
    expect(whole.commands.find((c) => c.name() === 'api')?.options.length).toBeGreaterThan(5);
    for (const argv of ROOT_HELP_LINES) {
      const program = programFor(argv);
      // The same commands at the root, in the same order; nothing below them.
      expect(program.commands.map((c) => c.name()), argv.join(' ')).toEqual(whole.commands.map((c) => c.name()));
      expect(paths(program), argv.join(' ')).toEqual(whole.commands.map((c) => c.name()));
      expect(program.commands.flatMap((c) => c.options.map((o) => `${c.name()} ${o.flags}`)), argv.join(' ')).toEqual([]);
    }
  });

  it('builds a group whole when the line may reach its commands', () => {
    for (const [argv, group] of GROUP_LINES) {
      const program = programFor(argv);
      const built = program.commands.find((c) => c.name() === group);
      expect(built && paths(built), argv.join(' ')).toEqual(paths(whole.commands.find((c) => c.name() === group)!));
    }
  });

  it('prints byte for byte what the whole tree prints, in a pipe and at any terminal width', () => {
    const seen = new Set<string>();
    for (const width of [30, 40, 60, 80, 100, 132, 250]) {
      const want = rootHelp(programFor(), width);
      // Administrators' commands first, project work after (issue 44).
      expect(want).toContain('\nAdminister the instance:\n  state ');
      expect(want.indexOf('\n  state ')).toBeLessThan(want.indexOf('\n  mr '));
      expect(want.indexOf('\nWork in groups and projects:\n  mr ')).toBeGreaterThan(want.indexOf('\n  envs '));
      expect(want.indexOf('\nSet-up and tools:\n  profile ')).toBeGreaterThan(want.indexOf('\n  projects '));
      seen.add(want);
      for (const argv of ROOT_HELP_LINES) expect(rootHelp(programFor(argv), width), `${argv.join(' ')} at ${width}`).toBe(want);
    }
    // The layout depends on the width: each is another text.
    expect(seen.size).toBe(7);
  });

  it('is what `forgectl --help`, `-h`, `help` and `forgectl` alone print, in the process and from the binary', async () => {
    // A pipe has no width: commander lays the help out at 80 columns.
    const want = rootHelp(programFor(), 80);
    // `help` runs: the one command such a line builds whole.
    for (const argv of [['--help'], ['-h'], ['help'], ['-ojson', 'help'], [], ['--verbose', '--help']]) {
      const inProcess = await runCli(argv);
      expect(inProcess.exitCode, argv.join(' ')).toBe(0);
      expect(inProcess.stdout, argv.join(' ')).toBe(want);
      // Every byte, the last newline too (the helper `forgectl` strips it).
      const res = await execa(BIN, argv, { env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-') }), extendEnv: false, input: '', reject: false, stripFinalNewline: false });
      expect(res.exitCode, argv.join(' ')).toBe(0);
      expect(res.stderr, argv.join(' ')).toBe('');
      expect(res.stdout, argv.join(' ')).toBe(want);
    }
  });
});
