// The one comparison of a value a file (or a command line) asks for with the value an instance holds:
// settings, plan limits, hooks, broadcasts, the answers to writes and a saved plan's recheck alike.

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** An object's keys that hold something: a key set to null or '' is absent, at any depth, as at the top. */
const heldKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !empty(o[k]));

/** JSON with each object's keys sorted: the key of a list entry, whatever order its keys came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${heldKeys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/** Equal as an instance holds it: null, empty string and absent alike (inside objects too); lists as sets; objects key by key, in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sa = a.map(canonical).sort();
    const sb = b.map(canonical).sort();
    return sa.every((x, i) => x === sb[i]);
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const [oa, ob] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const keys = new Set([...heldKeys(oa), ...heldKeys(ob)]);
    return [...keys].every((k) => sameValue(oa[k], ob[k]));
  }
  return a === b;
}
