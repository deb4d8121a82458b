// A small seeded generator (mulberry32): the same number gives the same instance on every run, so
// a failure found on a random seed can be replayed.

export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(): boolean {
    return this.next() < 0.5;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items in their original order. */
  some<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
  }

  word(): string {
    return this.pick(WORDS);
  }
}

const WORDS = ['amber', 'birch', 'cobalt', 'delta', 'ember', 'fjord', 'granite', 'harbor', 'indigo', 'juniper', 'kestrel', 'lumen', 'maple', 'nimbus', 'orbit', 'pylon', 'quartz', 'raven', 'summit', 'tundra'];
