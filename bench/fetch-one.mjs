// Reference for `npm run bench`: the one request of `forgectl projects list --per-page 1 -o json`
// made by a bare Node script with the built-in fetch, printed as pretty JSON.
import { api, headers } from './floor-lib.mjs';

const res = await fetch(`${api}?page=1&per_page=1`, { headers });
if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
process.stdout.write(`${JSON.stringify(await res.json(), null, 2)}\n`);
