import type { LowStockProduct } from '@shopdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staleKeys } from '../../../app/live-updates';
import { clearSession, markLoggedIn, saveSession } from '../../../lib/session';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { lowStockCardRows, lowStockKeys } from '../api/list-low-stock';
import { allLowStockPath, LowStockCard, lowStockWords } from './low-stock-card';

function lowProduct(id: string, name: string, countInStock: number, lowStockThreshold: number | null): LowStockProduct {
  return {
    id,
    _id: id,
    name,
    description: '',
    brand: 'Brand',
    price: 100,
    oldPrice: 120,
    catId: 'c1',
    catName: 'Phones',
    category: null,
    subCat: '',
    subCatId: '',
    subCatName: '',
    countInStock,
    lowStockThreshold,
    lowStockLine: lowStockThreshold ?? 5,
    rating: 4,
    isFeatured: false,
    discount: 0,
    productRam: [],
    size: [],
    productWeight: [],
    location: [],
    images: [],
    dateCreated: '2026-11-26T10:00:00.000Z',
  };
}

/** Answers GET /api/products/lowStock with each of `answers` in turn (the last one repeats). */
function serve(...answers: Array<() => Response>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      paths.push(input);
      const answer = answers[Math.min(paths.length - 1, answers.length - 1)];
      return answer ? answer() : jsonResponse(404, { error: true, msg: 'not found' });
    }),
  );
  return paths;
}

beforeEach(() => {
  saveSession('token-1', { name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }, []);
  markLoggedIn();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('Low stock card', () => {
  it('lists low products lowest stock first, each linked to its page, with its stock and threshold', async () => {
    const paths = serve(() =>
      jsonResponse(200, [lowProduct('p1', 'Pixel 9', 0, null), lowProduct('p2', 'Galaxy S', 7, 10)]),
    );
    renderWithApp(<LowStockCard />);
    expect(screen.getByRole('heading', { name: lowStockWords.title })).toBeTruthy();
    expect(screen.getByText(lowStockWords.loading)).toBeTruthy();
    const table = await screen.findByRole('table', { name: lowStockWords.table });
    expect(paths).toEqual([`/api/products/lowStock?limit=${lowStockCardRows}`]);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Product', 'Stock', 'Threshold'],
      ['Pixel 9', '0', '5'],
      ['Galaxy S', '7', '10'],
    ]);
    expect(within(table).getByRole('link', { name: 'Pixel 9' }).getAttribute('href')).toBe('/product/details/p1');
    // Fewer than the card asks for: that is all of them, no link to more.
    expect(screen.queryByRole('link', { name: lowStockWords.seeAll })).toBeNull();
  });

  it("links to the Product List's low-stock filter when the card is full (there may be more)", async () => {
    const full = Array.from({ length: lowStockCardRows }, (_, i) => lowProduct(`p${i}`, `Item ${i}`, i % 5, null));
    serve(() => jsonResponse(200, full));
    renderWithApp(<LowStockCard />);
    const table = await screen.findByRole('table', { name: lowStockWords.table });
    expect(within(table).getAllByRole('row')).toHaveLength(lowStockCardRows + 1);
    const more = screen.getByRole('link', { name: lowStockWords.seeAll });
    expect(more.getAttribute('href')).toBe(allLowStockPath);
  });

  it('says so when no product is low', async () => {
    serve(() => jsonResponse(200, []));
    renderWithApp(<LowStockCard />);
    expect(await screen.findByText(lowStockWords.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry that asks again', async () => {
    const paths = serve(
      () => jsonResponse(503, { error: true, msg: 'The database is unavailable' }),
      () => jsonResponse(200, [lowProduct('p1', 'Pixel 9', 1, null)]),
    );
    renderWithApp(<LowStockCard />);
    expect(await screen.findByText('The database is unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pixel 9' })).toBeTruthy();
    expect(paths).toHaveLength(2);
  });

  it('is refreshed by a stock.low event and by any product change', () => {
    const low = { type: 'stock.low', data: { productId: 'p1', name: 'Pixel 9', countInStock: 2 } } as const;
    expect(staleKeys(low)).toContainEqual(lowStockKeys.all);
    const changed = { type: 'catalogue.changed', data: { entity: 'product', id: 'p1', action: 'update' } } as const;
    expect(staleKeys(changed)).toContainEqual(lowStockKeys.all);
  });
});
