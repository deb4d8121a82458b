// Entry point of bin/forgectl and of the single executable (src/sea/main.ts). `--version` is answered
// before anything else loads, so scripts that probe for the tool pay only Node's start-up (bin/forgectl
// answers it even before loading this module).

import { writeSync } from 'node:fs';

declare const __FORGECTL_VERSION__: string;

/** Whether this run made process.stdout or stderr: exitWhenFlushed has nothing to flush otherwise. */
let madeStreams = false;

/**
 * `installedAs` names the way forgectl runs (`npm package`, `from source`, `single executable`);
 * each entry point knows it. --version prints it with Node's version, for bug reports.
 */
export async function main(argv: string[], installedAs: () => string): Promise<number> {
  const versionLine = () => `forgectl ${__FORGECTL_VERSION__} (${installedAs()}, node ${process.versions.node})`;
  const asksVersion = argv.includes('--version') || argv.includes('-V');
  if (asksVersion && argv.length === 1) return writeVersion(`${versionLine()}\n`);
  // A reader that goes away (`forgectl … | head`) is not an error: stop quietly, as Unix tools do.
  madeStreams = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    // A full disk (`> /dev/full`, ENOSPC) or a broken device: whatever the command prints, one line.
    // Commands print their result after their writes, so nothing is left half done by stopping here.
    process.exit(cannotWriteStdout(err));
  });
  process.stderr.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    // Nowhere left to say it: the command goes on, and its exit code still tells how it went.
  });
  // One import: each entry of the bundle is a file of its own to load.
  const { run, createContext } = await import('./cli.js');
  const ctx = createContext();
  // Ctrl-C, `kill` and a closed terminal all let the running command stop cleanly (watchers say how
  // to resume); a second signal leaves at once. Exit codes are the shell's: 130, 143, 129.
  const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  let signalled: string | undefined;
  const onSignal = (sig: NodeJS.Signals) => {
    if (signalled) process.exit(SIGNAL_EXIT[sig]);
    signalled = sig;
    ctx.abort.abort();
    // Whatever does not listen to the abort must not keep the process alive.
    if (sig !== 'SIGINT') setTimeout(() => process.exit(SIGNAL_EXIT[sig]), 3000).unref();
  };
  for (const sig of Object.keys(SIGNAL_EXIT)) process.on(sig, onSignal);
  try {
    // `forgectl --verbose --version` reaches commander's own version flag: the same line.
    const code = await run(argv, ctx, { ctx, versionText: asksVersion ? versionLine() : undefined });
    return signalled && code === 130 ? SIGNAL_EXIT[signalled] : code;
  } finally {
    for (const sig of Object.keys(SIGNAL_EXIT)) process.off(sig, onSignal);
  }
}

/**
 * The version line straight to the descriptor, as bin/forgectl writes it: making process.stdout (a
 * pipe in `$(forgectl --version)`) loads Node's stream and socket modules, a twentieth of this run.
 */
function writeVersion(line: string): number {
  try {
    writeSync(1, line);
  } catch (err) {
    madeStreams = true;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') process.stdout.write(line);
    else if (code !== 'EPIPE') return cannotWriteStdout(err as Error);
  }
  return 0;
}

let stdoutFailureSaid = false;

/** Says on stderr, once, that stdout failed (`error: cannot write to standard output: ENOSPC: …`); the exit code, 1. */
function cannotWriteStdout(err: Error): number {
  if (stdoutFailureSaid) return 1;
  stdoutFailureSaid = true;
  try {
    writeSync(2, `error: cannot write to standard output: ${err.message}\n`);
  } catch {
    // stderr fails too: the exit code is all that is left.
  }
  return 1;
}

/**
 * Ends the process once everything written to stdout and stderr has been handed to the OS. Waiting
 * for the event loop to empty instead costs 100 ms or more after the output is complete (idle
 * keep-alive sockets, V8's background work), which loops that run forgectl per item pay each time.
 */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  // --version written with writeSync: making the streams only to flush them would load the modules it avoided.
  if (!madeStreams) return;
  // A write that failed as the command ended (help, a dry run) may not have had its 'error' event yet.
  const failed = process.stdout.errored as NodeJS.ErrnoException | null;
  if (failed && failed.code !== 'EPIPE') code = process.exitCode = cannotWriteStdout(failed);
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    // The callback of an empty write runs after every earlier write has been flushed, or failed.
    if (stream.writable && !stream.destroyed) stream.write('', done);
    else done();
  }
}
