import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * A 24-hex-digit id in the shape clients of this API know (`_id`): seconds, then a
 * process counter, then randomness. Ids made later in one process sort later.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  counter = (counter + 1) % 0xffffff;
  return seconds + counter.toString(16).padStart(6, '0') + randomBytes(5).toString('hex');
}

export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
