// `forgectl api`: raw access to any endpoint, in the manner of `gh api`.

import type { Command } from 'commander';
import { defineCommand, type Registry } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';

/** `DELETE /hooks/3 (id 3)` for a request other than a read whose path holds a numeric id. */
function idInWritePath(args: string[], o: { method?: string; rawField?: string[]; field?: string[]; input?: string }): string | undefined {
  const path = args.length > 1 ? args[1] : args[0];
  const method = (o.method ?? (args.length > 1 ? args[0] : o.rawField?.length || o.field?.length || o.input !== undefined ? 'POST' : 'GET')).toUpperCase();
  if (method === 'GET' || method === 'HEAD' || path === undefined) return undefined;
  const id = path.split(/[?#]/)[0].split('/').find((segment) => /^\d+$/.test(segment));
  return id === undefined ? undefined : `${method} ${path} (id ${id})`;
}

export function registerApi(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'api <method-or-path> [path]',
    // Raw answers have no table columns: JSON unless -o chooses (a list of objects makes a table).
    globals: { pages: true, defaultOutput: 'json' },
    summary: 'Send a request to any API endpoint and print the answer',
    description:
      'PATH is relative to /api/v4. The method is GET, or POST once fields or --input are given; name it first ' +
      '(`api PUT /path`) or with -X. -f adds a string field, -F a typed one (true, false, null and integers become ' +
      'JSON values; @FILE reads a file, @- standard input). Fields go into the query string for GET and DELETE, ' +
      'into a JSON body otherwise. Keys like `labels[]` make arrays and `not[labels]` nested objects. ' +
      'The answer (an error body too) is printed as received: on a terminal, control characters are shown visibly, ' +
      'URL credentials masked and an HTML error page summarised in one line; in a pipe or file the bytes are exact. ' +
      'A JSON answer is indented on a terminal and passed on as received in a pipe (unless -o or --fields is given); ' +
      '-o table prints a list of objects as a table, one row each. ' +
      '--page and --per-page add page and per_page to a GET; --paginate reads every page.',
    writes: true,
    examples: [
      'forgectl api /version',
      'forgectl api /projects -f visibility=private -F per_page=5 -X GET',
      'forgectl api PUT /application/settings -F signup_enabled=false',
      'forgectl api /projects/group%2Fapp/merge_requests --paginate -o ndjson',
      'forgectl api /users -o table --fields id,username,state',
      'forgectl api POST /broadcast_messages --input message.json --include',
    ],
    options: (c) =>
      c
        .option('-X, --method <method>', 'HTTP method')
        .option('-f, --raw-field <key=value>', 'string field (repeatable)', collectRepeated)
        .option('-F, --field <key=value>', 'typed field or @file (repeatable)', collectRepeated)
        .option('--input <file>', 'request body from a file, or - for standard input')
        .option('-H, --header <name: value>', 'extra request header (repeatable)', collectRepeated)
        .option('-i, --include', 'print the status line and response headers first')
        .option('--paginate', 'follow every next page and print all items'),
    // A write to a path with an id in it (`DELETE /hooks/3`) means another object on each instance.
    localIds: { named: (args, o) => idInWritePath(args, o) },
    run: async (ctx, opts, args) => (await import('./run.js')).apiCommand(ctx, opts, args),
  });
}
