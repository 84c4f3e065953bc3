import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupees } from './format';

describe('formatRupees', () => {
  it("writes what toLocaleString('en-IN') writes, after 'Rs'", () => {
    const amounts = [
      0, 1, 7.5, 99.99, 100, 999, 1000, 1200, 2500, 12345.6, 99999, 100000, 123456.78, 1234567, 12345678.9,
      123456789.01, 1234567890, 0.125, 0.001, 12.3456, -1, -2500, -1234567.89,
    ];
    for (const amount of amounts) expect(formatRupees(amount)).toBe(`Rs ${amount.toLocaleString('en-IN')}`);
  });

  it('groups lakhs and crores, with decimals only when present', () => {
    expect(formatRupees(67219)).toBe('Rs 67,219');
    expect(formatRupees(75179980)).toBe('Rs 7,51,79,980');
    expect(formatRupees(2500)).toBe('Rs 2,500');
    expect(formatRupees(1234567.5)).toBe('Rs 12,34,567.5');
    expect(formatRupees(123456789)).toBe('Rs 12,34,56,789');
  });
});

describe('formatDate and formatDateTime', () => {
  it("writes a day as the part of the timestamp before the T (the spec's order date)", () => {
    expect(formatDate('2026-11-26T23:59:00.000Z')).toBe('2026-11-26');
    expect(formatDate('2026-11-26')).toBe('2026-11-26');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes a moment as that day and the local time of day, 24-hour', () => {
    const at = new Date(2026, 10, 6, 9, 5, 30);
    expect(formatDateTime(at.toISOString())).toBe('2026-11-06 09:05');
    expect(formatDateTime(new Date(2026, 0, 31, 23, 0).toISOString())).toBe('2026-01-31 23:00');
    expect(formatDateTime('never')).toBe('never');
  });
});
