// Preloaded with `node --import` by the benchmark: reports the process's peak RSS and CPU time
// (user + system) on exit, and where its wall time went: from the process's start to its first
// request, from there to the end of its last answer, and from there to exit (printing what came
// last, flushing, exiting). Requests are seen on undici's diagnostics channels, which both the
// built-in fetch of the floor scripts and forgectl's undici publish on.
import { channel } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';

let firstRequest;
let lastAnswer;
// Held here: Node 20 keeps channels weakly, and one collected loses its subscribers.
const channels = [channel('undici:request:create'), channel('undici:request:trailers')];
channels[0].subscribe(() => (firstRequest ??= performance.now()));
channels[1].subscribe(() => (lastAnswer = performance.now()));

process.on('exit', () => {
  void channels;
  const u = process.resourceUsage();
  const marks = firstRequest === undefined || lastAnswer === undefined ? '' : `@@request_ms=${Math.round(firstRequest)} ${Math.round(lastAnswer)} ${Math.round(performance.now())}\n`;
  writeSync(2, `\n@@maxrss_kb=${u.maxRSS}\n@@cpu_ms=${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}\n${marks}`);
});
