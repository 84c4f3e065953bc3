import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom (Content-Disposition)', () => {
  it('reads a quoted or bare name, and prefers the UTF-8 name', () => {
    expect(fileNameFrom('attachment; filename="products-2026-11-26.csv"', 'x.csv')).toBe('products-2026-11-26.csv');
    expect(fileNameFrom('attachment; filename=orders.csv', 'x.csv')).toBe('orders.csv');
    expect(fileNameFrom(`attachment; filename="caf.csv"; filename*=UTF-8''caf%C3%A9.csv`, 'x.csv')).toBe('café.csv');
  });

  it('falls back when there is no header or no name', () => {
    expect(fileNameFrom(null, 'products.csv')).toBe('products.csv');
    expect(fileNameFrom('attachment', 'orders.csv')).toBe('orders.csv');
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A.csv`, 'orders.csv')).toBe('orders.csv');
  });
});
