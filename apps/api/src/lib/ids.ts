import { randomBytes } from 'node:crypto';

let lastSecond = 0;
let counter = 0;

/**
 * A 24-hex-digit id in the shape clients of this API know (`_id`): seconds, then a
 * counter that restarts each second (from a random point in its lower half, so it never
 * wraps within a second), then randomness. Ids made later in one process sort later.
 */
export function newId(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    counter = randomBytes(3).readUIntBE(0, 3) >>> 1;
  }
  counter = Math.min(counter + 1, 0xffffff);
  return second.toString(16).padStart(8, '0') + counter.toString(16).padStart(6, '0') + randomBytes(5).toString('hex');
}

export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
