// How a write kept back by --dry-run is shown: one run prints it as it happens, a fleet under each
// instance's heading or in its JSON entry.

import type { DryRunRequest } from './http.js';
import type { OutputFormat } from './output.js';
import { maskUrlCredentials, visible } from './safe-text.js';

/** The request as printed on stdout (URLs already masked by the caller), ending in a newline. */
export function dryRunText(req: DryRunRequest, format: OutputFormat): string {
  if (format === 'json' || format === 'ndjson') return `${JSON.stringify({ dry_run: true, ...req }, null, format === 'json' ? 2 : undefined)}\n`;
  const lines = [`dry run: ${req.method} ${req.url}`];
  for (const [k, v] of Object.entries(req.headers)) if (k !== 'User-Agent' && k !== 'Accept') lines.push(`  ${k}: ${v}`);
  if (req.body !== undefined) {
    const body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body, null, 2);
    lines.push(...body.split('\n').map((l) => `  ${l}`));
  }
  // Status lines may quote server data: no raw control characters, no URL credentials.
  return `${visible(maskUrlCredentials(lines.join('\n')))}\n`;
}
