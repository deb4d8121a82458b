// Preloaded with `node --import` by the benchmark: reports the process's peak RSS and CPU time
// (user + system) on exit.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const u = process.resourceUsage();
  writeSync(2, `\n@@maxrss_kb=${u.maxRSS}\n@@cpu_ms=${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}\n`);
});
