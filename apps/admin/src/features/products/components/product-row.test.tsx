import '../../../testing/setup-dom';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import type { Product } from '@shopdesk/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductRow } from './product-row';

const product = (id: string, name: string, image: string) =>
  ({
    id,
    name,
    description: `${name}, described`,
    brand: 'Acme',
    price: 90,
    oldPrice: 120,
    catName: 'Toys',
    subCatName: 'Puzzles',
    rating: 3.5,
    images: [image],
  }) as unknown as Product;

const page = (item: Product) => (
  <Table>
    <TableBody>
      <ProductRow key={0} product={item} onDelete={() => undefined} isDeleting={false} canEdit canDelete />
    </TableBody>
  </Table>
);

describe('ProductRow', () => {
  it('shows a product: name and links, brand, prices, stars, actions', () => {
    render(page(product('p1', 'Puzzle', '/uploads/a.jpg')));
    expect(screen.getByRole('link', { name: 'Puzzle' }).getAttribute('href')).toBe('/product/details/p1');
    expect(screen.getByRole('link', { name: 'View Puzzle' }).getAttribute('href')).toBe('/product/details/p1');
    expect(screen.getByRole('link', { name: 'Edit Puzzle' }).getAttribute('href')).toBe('/product/edit/p1');
    expect(screen.getByRole('button', { name: 'Delete Puzzle' })).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('Rs 120').tagName).toBe('DEL');
    expect(screen.getByRole('img', { name: '3.5 Stars' })).toBeTruthy();
  });

  it('is reused in place for the next page, with a new picture element (never the old picture)', () => {
    const { rerender, container } = render(page(product('p1', 'Puzzle', '/uploads/a.jpg')));
    const row = container.querySelector('tbody tr');
    const picture = container.querySelector('img');
    rerender(page(product('p2', 'Kite', '/uploads/b.jpg')));
    expect(container.querySelector('tbody tr')).toBe(row);
    expect(screen.getByRole('link', { name: 'Kite' })).toBeTruthy();
    expect(container.querySelector('img')).not.toBe(picture);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/b.small.webp');
  });
});
