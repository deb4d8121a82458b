// What the floor scripts (fetch-*.mjs) share: the request headers, the next link, the fetch that waits
// out a 429, and the ndjson writer. Bare Node with the built-in fetch, like the floors: no forgectl code.
export const api = `${process.env.FORGECTL_URL}/api/v4/projects`;
export const headers = { 'PRIVATE-TOKEN': process.env.FORGECTL_TOKEN, Accept: 'application/json' };

/** The URL of `Link: <…>; rel="next"` (or another `rel`), if any. */
export function nextLink(link, rel = 'next') {
  for (const part of (link ?? '').split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>.*;\s*rel="?([a-z]+)"?/.exec(part);
    if (m && m[2] === rel) return m[1];
  }
  return undefined;
}

/** GET `url`, waiting out 429 (and 503 with Retry-After) as long as the server asks; `onThrottle` runs on each. */
export async function fetchPage(url, onThrottle) {
  for (;;) {
    const res = await fetch(url, { headers });
    const retryAfter = res.headers.get('retry-after');
    if (res.status !== 429 && !(res.status === 503 && retryAfter)) return res;
    onThrottle?.();
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(retryAfter ?? 1) * 1000));
  }
}

function write(s) {
  return new Promise((resolve) => (process.stdout.write(s) ? resolve() : process.stdout.once('drain', resolve)));
}

/** Each item as one ndjson line, in one write; waits while stdout is full. */
export async function emit(items) {
  let out = '';
  for (const item of items) out += `${JSON.stringify(item)}\n`;
  await write(out);
}
