// The one comparison of a value a file (or a command line) asks for with the value an instance holds:
// settings, plan limits, hooks, broadcasts, the answers to writes and a saved plan's recheck alike.

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** JSON with each object's keys sorted: the key of a list entry, whatever order its keys came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/** Equal as an instance holds it: null, empty string and absent alike; lists as sets; objects key by key, in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sa = a.map(canonical).sort();
    const sb = b.map(canonical).sort();
    return sa.every((x, i) => x === sb[i]);
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    // A key whose value is undefined is absent (as JSON writes it).
    const keys = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined).map(([k]) => k);
    const [ka, kb] = [keys(a), new Set(keys(b))];
    if (ka.length !== kb.size) return false;
    return ka.every((k) => kb.has(k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}
