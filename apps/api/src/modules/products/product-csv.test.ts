import { type Product, productCsvColumns } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { joinCsvList, productCsvRow, productCsvValues, splitCsvList } from './product-csv';

const product: Product = {
  id: '6745f0a1000001abcdef0123',
  _id: '6745f0a1000001abcdef0123',
  name: 'Kurta, "festive"',
  description: 'Cotton\nhand-block printed',
  brand: "Fab'India",
  price: 1299.5,
  oldPrice: 1999,
  catId: 'c1',
  catName: 'Fashion (old name)',
  category: { _id: 'c1', id: 'c1', name: 'Fashion', color: '#fff', images: [] },
  subCat: 'Kurtas',
  subCatId: 's1',
  subCatName: 'Kurtas',
  countInStock: 0,
  lowStockThreshold: null,
  rating: 4.5,
  isFeatured: true,
  discount: 35,
  productRam: [],
  size: ['S', 'M', 'XL'],
  productWeight: ['250g'],
  location: [
    { value: 'All', label: 'All' },
    { value: 'IN', label: 'India' },
  ],
  images: ['/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.png', 'https://cdn.example/b.png'],
  dateCreated: '2026-11-26T09:30:00.000Z',
};

describe('product → CSV row (the one mapping export and import share)', () => {
  it('writes every column of the header as text, lists joined with |, the category by its current name', () => {
    const row = productCsvRow(product);
    expect(Object.keys(row)).toEqual([...productCsvColumns]);
    expect(row).toMatchObject({
      price: '1299.5',
      category: 'Fashion',
      subCategory: 'Kurtas',
      countInStock: '0',
      isFeatured: 'true',
      productRam: '',
      size: 'S|M|XL',
      location: 'All|IN',
      images: '/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.png|https://cdn.example/b.png',
    });
    expect(productCsvValues(row)).toEqual(productCsvColumns.map((column) => row[column]));
  });

  it('makes image paths absolute by the rule the route gives, and falls back to catName without a category', () => {
    const row = productCsvRow({ ...product, category: null }, (paths) =>
      paths.map((path) => (path.startsWith('/uploads/') ? `https://shop.test${path}` : path)),
    );
    expect(row.images).toBe(
      'https://shop.test/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.png|https://cdn.example/b.png',
    );
    expect(row.category).toBe('Fashion (old name)');
  });

  it('splits a list field back into its values (empty field: no values)', () => {
    for (const list of [[], ['8GB'], ['S', 'M', 'XL']]) expect(splitCsvList(joinCsvList(list))).toEqual(list);
  });
});
