/** A small seeded generator (mulberry32): the same seed gives the same shop every time. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** An index in [0, n) where low indexes come up far more often (a few best sellers). */
  skewed(n: number, power = 2.4): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** power));
  }

  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]?.[0] as T;
  }

  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0] as T);
    return out;
  }
}

const dayMs = 86_400_000;
const datePrefixes = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `new Date(time).toISOString()` for the seed's millions of times, several times faster:
 * the date part is made once per day, the time of day by arithmetic. Same text.
 */
export function isoTime(time: number): string {
  const day = Math.floor(time / dayMs);
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * dayMs).toISOString().slice(0, 11);
    datePrefixes.set(day, prefix);
  }
  let ms = time - day * dayMs;
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = Math.floor(ms / 1000);
  ms -= seconds * 1000;
  return `${prefix}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : ms}Z`;
}
