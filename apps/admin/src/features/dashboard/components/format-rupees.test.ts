import { describe, expect, it } from 'vitest';
import { formatRupees } from './format-rupees';

describe('formatRupees', () => {
  it("writes what toLocaleString('en-IN') writes", () => {
    const amounts = [
      0, 1, 7.5, 99.99, 100, 999, 1000, 1200, 2500, 12345.6, 99999, 100000, 123456.78, 1234567, 12345678.9,
      123456789.01, 1234567890, 0.125, 0.001, 12.3456, -1, -2500, -1234567.89,
    ];
    for (const amount of amounts) expect(formatRupees(amount)).toBe(`Rs ${amount.toLocaleString('en-IN')}`);
  });

  it('groups lakhs and crores', () => {
    expect(formatRupees(2500)).toBe('Rs 2,500');
    expect(formatRupees(1234567.5)).toBe('Rs 12,34,567.5');
    expect(formatRupees(123456789)).toBe('Rs 12,34,56,789');
  });
});
