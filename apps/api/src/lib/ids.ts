import { randomBytes, randomFillSync } from 'node:crypto';

let lastSecond = 0;
let counter = 0;
// Random bytes drawn 4 KB at a time: one call to the system generator per ~800 ids, not per id
// (the seed makes millions of them).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex5(): string {
  if (poolOffset + 5 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 5;
  return pool.toString('hex', poolOffset - 5, poolOffset);
}

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
  return second.toString(16).padStart(8, '0') + counter.toString(16).padStart(6, '0') + randomHex5();
}

export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
