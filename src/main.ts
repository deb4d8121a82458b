// Entry point of bin/forgectl. `--version` is answered before anything else loads, so scripts that
// probe for the tool pay only Node's start-up.

declare const __FORGECTL_VERSION__: string;

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${__FORGECTL_VERSION__}\n`);
    return 0;
  }
  // A reader that goes away (`forgectl … | head`) is not an error: stop quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
  const { run } = await import('./cli.js');
  const { createContext } = await import('./context.js');
  const ctx = createContext();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    // First Ctrl-C lets the running command stop cleanly (watchers print how to resume);
    // a second one leaves at once.
    if (interrupts > 1) process.exit(130);
    ctx.abort.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    return await run(argv, ctx);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/**
 * Ends the process once everything written to stdout and stderr has been handed to the OS. Waiting
 * for the event loop to empty instead costs 100 ms or more after the output is complete (idle
 * keep-alive sockets, V8's background work), which loops that run forgectl per item pay each time.
 */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
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
