// Preloaded with `node --import` by the benchmark: reports the process's peak RSS on exit.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\n@@maxrss_kb=${process.resourceUsage().maxRSS}\n`);
});
