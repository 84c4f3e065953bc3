import type { Product } from '@shopdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { AddressProbe } from '../../../testing/address-probe';
import { type Call, fakeApi } from '../../../testing/fake-api';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { ProductTable } from './product-table';

const product = (id: string, name: string, price: number) =>
  ({
    id,
    _id: id,
    name,
    description: '',
    brand: 'Acme',
    price,
    oldPrice: 0,
    rating: 4,
    images: [],
  }) as unknown as Product;
const page = (n: number) => ({
  products: [product(`p${n}a`, `Kite ${n}`, 10), product(`p${n}b`, `Puzzle ${n}`, 20)],
  totalPages: 3,
  page: n,
  perPage: 10,
  totalCount: 30,
});

const answer = (call: Call) => {
  if (!call.path.startsWith('/api/products?') && !call.path.startsWith('/api/search?')) return undefined;
  return jsonResponse(200, page(Number(new URL(call.path, 'http://x').searchParams.get('page'))));
};
const reads = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/products?')).map((c) => c.path);
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);
const heading = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('columnheader')
    .find((cell) => cell.textContent === name) as HTMLElement;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const show = (path = '/products') =>
  renderWithApp(
    <>
      <ProductTable />
      <AddressProbe />
    </>,
    { path },
  );

describe('Product List: sortable headings, kept in the URL', () => {
  it('without a sort shows each page reversed (the spec) and no heading as sorted', async () => {
    const { calls } = fakeApi('owner', answer);
    show();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(rowNames(table)).toEqual(['Puzzle 1', 'Kite 1']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .some((cell) => cell.hasAttribute('aria-sort')),
    ).toBe(false);
    expect(reads(calls)[0]).toBe('/api/products?page=1&perPage=10');
  });

  it('a heading sorts ascending, then descending; the URL, aria-sort and the request follow; rows show as asked', async () => {
    const { calls } = fakeApi('owner', answer);
    show('/products?page=2&perPage=10');
    const table = await screen.findByRole('table', { name: 'Products' });
    fireEvent.click(within(table).getByRole('button', { name: 'PRICE' }));
    await waitFor(() => expect(address()).toBe('/products?perPage=10&sort=price&order=asc'));
    await waitFor(() => expect(heading(table, 'PRICE').getAttribute('aria-sort')).toBe('ascending'));
    expect(reads(calls)).toContain('/api/products?page=1&perPage=10&sort=price&order=asc');
    // An explicit sort shows in the order asked: the page is not reversed.
    await waitFor(() => expect(rowNames(table)).toEqual(['Kite 1', 'Puzzle 1']));

    fireEvent.click(within(table).getByRole('button', { name: 'PRICE' }));
    await waitFor(() => expect(address()).toBe('/products?perPage=10&sort=price&order=desc'));
    expect(heading(table, 'PRICE').getAttribute('aria-sort')).toBe('descending');
    expect(heading(table, 'RATING').hasAttribute('aria-sort')).toBe(false);

    // Each sort is a history entry: back returns to the ascending one, then to the unsorted page 2.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/products?perPage=10&sort=price&order=asc'));
    expect(heading(table, 'PRICE').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/products?page=2&perPage=10'));
    await waitFor(() => expect(rowNames(table)).toEqual(['Puzzle 2', 'Kite 2']));
  });

  it('"Sort by" offers stock and date too; a sorted list keeps paging', async () => {
    const { calls } = fakeApi('owner', answer);
    show();
    await screen.findByRole('table', { name: 'Products' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Stock: high to low' }));
    await waitFor(() => expect(address()).toBe('/products?sort=stock&order=desc'));
    await waitFor(() => expect(reads(calls)).toContain('/api/products?page=1&perPage=10&sort=countInStock&order=desc'));
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Stock: high to low');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    });
    await waitFor(() => expect(address()).toBe('/products?sort=stock&order=desc&page=2'));
    expect(reads(calls)).toContain('/api/products?page=2&perPage=10&sort=countInStock&order=desc');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Date added: newest first' }));
    await waitFor(() => expect(address()).toBe('/products?sort=date&order=desc'));
    await waitFor(() => expect(reads(calls)).toContain('/api/products?page=1&perPage=10&sort=dateCreated&order=desc'));
  });

  it('a search keeps the server’s ranking: headings do not sort', async () => {
    fakeApi('owner', answer);
    show('/products?q=kite&sort=price&order=desc');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).queryByRole('button', { name: 'PRICE' })).toBeNull();
    expect(heading(table, 'PRICE').hasAttribute('aria-sort')).toBe(false);
    expect(rowNames(table)).toEqual(['Puzzle 1', 'Kite 1']);
  });
});
