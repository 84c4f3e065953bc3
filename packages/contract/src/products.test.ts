import { describe, expect, it } from 'vitest';
import { fieldMessages, firstMessage } from './common';
import { inputMessages } from './input-rules';
import {
  productFormSchema,
  productListQuerySchema,
  productMessages,
  productPageSchema,
  productSchema,
  searchQuerySchema,
} from './products';

const image = 'https://shop.test/uploads/products/0123456789abcdef01234567.png';

/** The messages a failed parse shows, or undefined when it passes. */
function failure(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { success: boolean; error?: Parameters<typeof firstMessage>[0] };
  if (result.success) return undefined;
  return { first: firstMessage(result.error!), fields: fieldMessages(result.error!) };
}

const complete = {
  name: 'Galaxy Phone',
  description: 'A bright screen',
  brand: 'Samsung',
  price: 19999,
  oldPrice: 24999,
  category: 'cat-1',
  countInStock: 12,
  rating: 4.5,
  isFeatured: true,
  discount: 20,
  images: [image],
};

/** Spec §5, in order. */
const rules: Array<[field: keyof typeof complete, message: string]> = [
  ['name', 'please add product name'],
  ['description', 'please add product description'],
  ['brand', 'please add product brand'],
  ['price', 'please add product price'],
  ['oldPrice', 'please add product oldPrice'],
  ['category', 'please select a category'],
  ['countInStock', 'please add product count in stock'],
  ['rating', 'please select product rating'],
  ['isFeatured', 'please select the product is a featured or not'],
  ['discount', 'please select the product discount'],
  ['images', 'please select images'],
];

describe('productMessages', () => {
  it('holds the spec’s words', () => {
    for (const [field, message] of rules) expect(productMessages[field]).toBe(message);
    expect(productMessages).toMatchObject({
      created: 'The product is created!',
      updated: 'The product is updated!',
      deleted: 'Product Deleted!',
      onlyOwnerDeletes: 'Only Admin can delete Product',
      invalidCategory: 'invalid Category!',
      queryRequired: 'Query is required',
    });
  });
});

describe('productFormSchema (Product Upload and Edit)', () => {
  it('accepts a complete product, trims text and fills the optional lists', () => {
    expect(productFormSchema.parse({ ...complete, name: '  Galaxy Phone  ', brand: ' Samsung ' })).toEqual({
      ...complete,
      subCatId: '',
      productRam: [],
      size: [],
      productWeight: [],
      location: [],
    });
  });

  it.each(rules.map(([field, message], index) => [field, message, index] as const))(
    'a form complete up to %s fails first with "%s"',
    (field, message, index) => {
      const partial = Object.fromEntries(rules.slice(0, index).map(([name]) => [name, complete[name]]));
      const result = failure(productFormSchema, partial);
      expect(result?.first).toBe(message);
      expect(Object.keys(result!.fields)[0]).toBe(field);
      // Every later rule fails too, each with its own words.
      expect(result!.fields).toEqual(Object.fromEntries(rules.slice(index).map(([name, words]) => [name, words])));
    },
  );

  it('reads the optional low-stock threshold: missing stays missing, blank or null is none, else a whole number ≥ 0', () => {
    expect(productFormSchema.parse(complete).lowStockThreshold).toBeUndefined();
    expect(productFormSchema.parse({ ...complete, lowStockThreshold: '' }).lowStockThreshold).toBeNull();
    expect(productFormSchema.parse({ ...complete, lowStockThreshold: null }).lowStockThreshold).toBeNull();
    expect(productFormSchema.parse({ ...complete, lowStockThreshold: ' 7 ' }).lowStockThreshold).toBe(7);
    expect(productFormSchema.parse({ ...complete, lowStockThreshold: 0 }).lowStockThreshold).toBe(0);
    for (const bad of [-1, 2.5, 'many', true, [1]]) {
      expect(failure(productFormSchema, { ...complete, lowStockThreshold: bad })?.first).toBe(
        productMessages.lowStockThreshold,
      );
    }
  });

  it('an empty form fails with the first rule', () => {
    expect(failure(productFormSchema, {})?.first).toBe('please add product name');
  });

  it.each([
    ['an empty name', { name: '' }, 'please add product name'],
    ['a blank description', { description: '  ' }, 'please add product description'],
    ['a null brand', { brand: null }, 'please add product brand'],
    ['an object as brand', { brand: { a: 1 } }, 'please add product brand'],
    ['an empty price', { price: '' }, 'please add product price'],
    ['a null oldPrice', { oldPrice: null }, 'please add product oldPrice'],
    ['a blank category', { category: ' ' }, 'please select a category'],
    ['an empty countInStock', { countInStock: '' }, 'please add product count in stock'],
    ['rating 0', { rating: 0 }, 'please select product rating'],
    ['rating null', { rating: null }, 'please select product rating'],
    ['isFeatured ""', { isFeatured: '' }, 'please select the product is a featured or not'],
    ['isFeatured null', { isFeatured: null }, 'please select the product is a featured or not'],
    ['isFeatured 1', { isFeatured: 1 }, 'please select the product is a featured or not'],
    ['a blank discount', { discount: ' ' }, 'please select the product discount'],
    ['no images', { images: [] }, 'please select images'],
    ['only empty image URLs', { images: ['', 3] }, 'please select images'],
    ['a usable image beside an empty one (refused, not filtered)', { images: ['', image] }, 'please select images'],
    ['an image list with a number, a word and null', { images: [1, 'a', null] }, 'please select images'],
    ['another site’s image', { images: ['https://cdn.example/x.png'] }, inputMessages.imageNotUploaded],
    ['a javascript: URL', { images: ['javascript:alert(1)'] }, inputMessages.imageNotUploaded],
    ['a data: URL', { images: ['data:image/png;base64,iVBORw0KGgo='] }, inputMessages.imageNotUploaded],
    ['a path outside the uploads', { images: ['/uploads/../jwt-secret'] }, inputMessages.imageNotUploaded],
    ['a category given as a list', { category: ['c1'] }, 'please select a category'],
    ['a category object without an id', { category: { name: 'Phones' } }, 'please select a category'],
    ['a rating given as a list', { rating: [4] }, 'please select product rating'],
    ['a rating given as true', { rating: true }, 'please select product rating'],
    ['a price given as a list', { price: [5] }, 'price must be a number'],
    ['a sub category given as a list', { subCatId: ['s1'] }, 'invalid Sub Category!'],
    ['a name over 200 characters (refused, not cut)', { name: 'n'.repeat(201) }, 'Too long (at most 200 characters)'],
    ['price "abc"', { price: 'abc' }, 'price must be a number'],
    ['oldPrice "1,000"', { oldPrice: '1,000' }, 'old price must be a number'],
    ['countInStock "x"', { countInStock: 'x' }, 'stock must be a number'],
    ['discount "half"', { discount: 'half' }, 'discount must be a number'],
    ['a negative price', { price: -0.01 }, 'price must be 0 or more'],
    ['a price over a billion', { price: 1e9 + 1 }, 'price must be 0 or more'],
    ['a fractional stock', { countInStock: '2.5' }, 'stock must be a whole number, 0 or more'],
    ['a negative discount', { discount: -1 }, 'discount must be between 0 and 100'],
    ['rating 5.5', { rating: 5.5 }, 'rating must be between 0.5 and 5, in half stars'],
    ['rating 4.25', { rating: 4.25 }, 'rating must be between 0.5 and 5, in half stars'],
  ])('refuses %s with "%s"', (_, override, message) => {
    expect(failure(productFormSchema, { ...complete, ...override })?.first).toBe(message);
  });

  it('turns numbers typed as text into numbers and "true"/"false" into booleans', () => {
    const parsed = productFormSchema.parse({
      ...complete,
      price: ' 12 ',
      oldPrice: '15.5',
      countInStock: '0',
      rating: '0.5',
      discount: '100',
      isFeatured: 'false',
    });
    expect(parsed).toMatchObject({
      price: 12,
      oldPrice: 15.5,
      countInStock: 0,
      rating: 0.5,
      discount: 100,
      isFeatured: false,
    });
    expect(productFormSchema.parse({ ...complete, isFeatured: 'true' }).isFeatured).toBe(true);
    expect(productFormSchema.parse({ ...complete, price: 0 }).price).toBe(0);
  });

  it('keeps the lists as sent', () => {
    const parsed = productFormSchema.parse({
      ...complete,
      images: [image],
      productRam: [' 8GB '],
      size: null,
      location: [{ value: 'IN', label: 'India' }],
      subCatId: null,
    });
    expect(parsed).toMatchObject({
      images: [image],
      productRam: ['8GB'],
      size: [],
      location: [{ value: 'IN', label: 'India' }],
      subCatId: '',
    });
  });

  it('takes images as URLs or as objects holding one under img or url, and answers URLs', () => {
    const other = '/uploads/products/0123456789abcdef01234567.webp';
    const parsed = productFormSchema.parse({ ...complete, images: [{ id: 'x', img: image }, { url: other }, image] });
    expect(parsed.images).toEqual([image, other, image]);
  });

  it('takes the category as its id or as the object GET /api/products/:id answers', () => {
    const category = { _id: 'c1', id: 'c1', name: 'Phones', color: 'blue', images: [image] };
    expect(productFormSchema.parse({ ...complete, category }).category).toBe('c1');
    expect(productFormSchema.parse({ ...complete, category: { id: 'c2' } }).category).toBe('c2');
    expect(productFormSchema.parse({ ...complete, category: 'c3' }).category).toBe('c3');
  });

  it('refuses a location that is not {value, label}', () => {
    expect(failure(productFormSchema, { ...complete, location: ['IN'] })?.fields).toHaveProperty(['location.0']);
  });
});

describe('productListQuerySchema', () => {
  it('coerces page and perPage and leaves them out when not given', () => {
    expect(productListQuerySchema.parse({})).toEqual({});
    expect(productListQuerySchema.parse({ page: '2', perPage: '10', sort: 'price', order: 'desc' })).toEqual({
      page: 2,
      perPage: 10,
      sort: 'price',
      order: 'desc',
    });
  });

  it.each([
    ['perPage 0', { perPage: '0' }],
    ['perPage 10001', { perPage: '10001' }],
    ['page 0', { page: '0' }],
    ['page 1.5', { page: '1.5' }],
    ['an unknown sort', { sort: 'secret' }],
    ['an unknown order', { order: 'up' }],
  ])('refuses %s', (_, query) => {
    expect(productListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('accepts perPage 10000 and every sort field', () => {
    expect(productListQuerySchema.parse({ perPage: '10000' }).perPage).toBe(10000);
    for (const sort of ['dateCreated', 'name', 'price', 'rating']) {
      expect(productListQuerySchema.parse({ sort }).sort).toBe(sort);
    }
  });
});

describe('searchQuerySchema', () => {
  it.each([
    ['a missing q', {}],
    ['an empty q', { q: '' }],
    ['a blank q', { q: '   ' }],
  ])('says "Query is required" for %s', (_, query) => {
    expect(failure(searchQuerySchema, query)?.first).toBe('Query is required');
  });

  it('says the query is too long past 200 characters (not "Query is required")', () => {
    expect(failure(searchQuerySchema, { q: 'a'.repeat(201) })?.first).toBe(
      'Query is too long (at most 200 characters)',
    );
    expect(searchQuerySchema.parse({ q: ` ${'a'.repeat(200)} ` }).q).toHaveLength(200);
  });

  it('trims q and coerces paging', () => {
    expect(searchQuerySchema.parse({ q: '  galaxy ', page: '1', perPage: '10000' })).toEqual({
      q: 'galaxy',
      page: 1,
      perPage: 10000,
    });
    expect(searchQuerySchema.safeParse({ q: 'galaxy', perPage: '10001' }).success).toBe(false);
  });
});

describe('productSchema and productPageSchema', () => {
  const product = {
    id: 'p1',
    _id: 'p1',
    name: 'Galaxy Phone',
    description: 'A bright screen',
    brand: 'Samsung',
    price: 1,
    oldPrice: 2,
    catId: 'c1',
    catName: 'Electronics',
    category: { _id: 'c1', id: 'c1', name: 'Electronics', color: 'blue', images: [image] },
    subCat: '',
    subCatId: '',
    subCatName: '',
    countInStock: 1,
    // api.md §15: the product's own low-stock line, null when it follows the shop's default.
    lowStockThreshold: null,
    rating: 4,
    isFeatured: false,
    discount: 0,
    productRam: [],
    size: [],
    productWeight: [],
    location: [],
    images: [image],
    dateCreated: '2026-11-21T09:30:00.000Z',
  };

  it('accepts the api.md product and page shapes', () => {
    expect(productSchema.parse(product)).toEqual(product);
    const page = { products: [product], totalPages: 1, page: 1, perPage: 10, totalCount: 1 };
    expect(productPageSchema.parse(page)).toEqual(page);
  });

  it('carries a whole-number low-stock threshold or null', () => {
    expect(productSchema.parse({ ...product, lowStockThreshold: 3 }).lowStockThreshold).toBe(3);
    expect(productSchema.safeParse({ ...product, lowStockThreshold: 1.5 }).success).toBe(false);
  });

  it('needs isFeatured to be a boolean and the category to be an object', () => {
    expect(productSchema.safeParse({ ...product, isFeatured: '' }).success).toBe(false);
    expect(productSchema.safeParse({ ...product, category: 'c1' }).success).toBe(false);
  });
});
