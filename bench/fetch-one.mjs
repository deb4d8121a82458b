// Reference for `npm run bench`: the one request of `forgectl projects list --per-page 1 -o json`
// made by a bare Node script with the built-in fetch, printed as pretty JSON. Self-contained (not
// floor-lib.mjs): row a is start-up bound, and the floor should load one module only.
const url = `${process.env.FORGECTL_URL}/api/v4/projects?page=1&per_page=1`;
const res = await fetch(url, { headers: { 'PRIVATE-TOKEN': process.env.FORGECTL_TOKEN, Accept: 'application/json' } });
if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
process.stdout.write(`${JSON.stringify(await res.json(), null, 2)}\n`);
