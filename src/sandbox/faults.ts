// Fault injection: `KIND:COUNT,…` makes the next COUNT requests under /api/v4 fail in the given
// way, in order, before the request has any effect.

export type FaultKind = '500' | '502' | '503' | '504' | '429' | 'reset';
export const FAULT_KINDS: readonly FaultKind[] = ['500', '502', '503', '504', '429', 'reset'];

const MESSAGES: Record<Exclude<FaultKind, 'reset'>, string> = {
  '500': '500 Internal Server Error',
  '502': '502 Bad Gateway',
  '503': '503 Service Unavailable',
  '504': '504 Gateway Timeout',
  // The text of GitLab's API helper `too_many_requests!` (lib/api/helpers.rb).
  '429': '429 Too Many Requests',
};

export interface FaultAnswer {
  status: number;
  body: { message: string };
  headers: Record<string, string>;
}

export function parseFaultSpec(spec: string): { kind: FaultKind; count: number }[] {
  const out: { kind: FaultKind; count: number }[] = [];
  for (const raw of spec.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const m = /^([a-z0-9]+):(\d+)$/i.exec(part);
    if (!m) throw new Error(`invalid fault "${part}": expected KIND:COUNT, e.g. 503:2`);
    const kind = m[1].toLowerCase() as FaultKind;
    if (!FAULT_KINDS.includes(kind)) throw new Error(`unknown fault kind "${m[1]}": use one of ${FAULT_KINDS.join(', ')}`);
    const count = Number(m[2]);
    if (count < 1) throw new Error(`fault "${part}": COUNT must be at least 1`);
    out.push({ kind, count });
  }
  return out;
}

export class FaultQueue {
  private queue: { kind: FaultKind; count: number }[] = [];

  add(spec: string): void {
    this.queue.push(...parseFaultSpec(spec));
  }

  /** Takes the fault for the next request, if any. */
  take(): FaultKind | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.count--;
    if (head.count === 0) this.queue.shift();
    return head.kind;
  }

  pending(): string {
    return this.queue.map((f) => `${f.kind}:${f.count}`).join(',');
  }

  clear(): void {
    this.queue = [];
  }
}

export function faultAnswer(kind: Exclude<FaultKind, 'reset'>): FaultAnswer {
  const headers: Record<string, string> = {};
  if (kind === '429') headers['Retry-After'] = '1';
  return { status: Number(kind), body: { message: MESSAGES[kind] }, headers };
}
