import { describe, expect, it } from 'vitest';
import { isoTime, Random } from './random';

describe('isoTime', () => {
  it('writes the same text as Date#toISOString', () => {
    const random = new Random(7);
    const times = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2026, 11, 31)];
    for (let i = 0; i < 20_000; i += 1) times.push(Math.floor(random.next() * 4_102_444_800_000));
    for (const time of times) expect(isoTime(time), String(time)).toBe(new Date(time).toISOString());
  });
});
