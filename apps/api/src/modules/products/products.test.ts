import { inputMessages, type Product } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryRecord,
  createCategory,
  createNonAdminToken,
  createProduct,
  createSecondAdmin,
  createSubCategory,
  imagePath,
  imageUrl,
  notAdmin,
  pleaseSignIn,
  postProduct,
  productBody,
  routeName,
} from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const base = '/api/products';
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const objectId = /^[0-9a-f]{24}$/;

/** The spec's product checks (§5), in order: the field and its exact words. */
const rules: Array<[field: string, message: string, value: unknown]> = [
  ['name', 'please add product name', 'Galaxy Phone'],
  ['description', 'please add product description', 'A bright screen'],
  ['brand', 'please add product brand', 'Samsung'],
  ['price', 'please add product price', 19999],
  ['oldPrice', 'please add product oldPrice', 24999],
  ['category', 'please select a category', 'CATEGORY'],
  ['countInStock', 'please add product count in stock', 12],
  ['rating', 'please select product rating', 4],
  ['isFeatured', 'please select the product is a featured or not', false],
  ['discount', 'please select the product discount', 10],
  ['images', 'please select images', [imageUrl('a')]],
];

const categoryObject = (c: CategoryRecord) => ({ _id: c.id, id: c.id, name: c.name, color: c.color, images: c.images });

describe(`products API: create, read, update, delete (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let electronics: CategoryRecord;
  let phones: CategoryRecord;
  let fashion: CategoryRecord;
  let shirts: CategoryRecord;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    electronics = await createCategory(t, token, 'Electronics', '#0000ff');
    phones = await createSubCategory(t, token, 'Phones', electronics.id);
    fashion = await createCategory(t, token, 'Fashion', '#ff00aa');
    shirts = await createSubCategory(t, token, 'Shirts', fashion.id);
  });
  afterAll(() => t.close());

  const getOne = (id: string) => t.request({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
  const put = (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `${base}/${id}`, headers: bearer(token), payload });
  const remove = (id: string, as = token) => t.request({ method: 'DELETE', url: `${base}/${id}`, headers: bearer(as) });
  const count = async () => {
    const res = await t.request({ method: 'GET', url: `${base}/get/count`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().productsCount as number;
  };

  describe('create', () => {
    it('answers 201 with the full product: category object, names from the database, lists as sent', async () => {
      const before = await count();
      const res = await postProduct(
        t,
        token,
        productBody(electronics.id, {
          catName: 'Made-up name',
          subCat: 'Made-up sub',
          subCatName: 'Made-up sub',
          subCatId: phones.id,
          id: 'client-id',
          dateCreated: '2001-01-01T00:00:00.000Z',
          productRam: ['8GB', '12GB'],
          size: ['M', 'L'],
          productWeight: ['200g'],
          location: [
            { value: 'All', label: 'All' },
            { value: 'IN', label: 'India' },
          ],
          images: [imageUrl('one'), imageUrl('two')],
        }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json() as Product;
      expect(body).toEqual({
        id: expect.stringMatching(objectId),
        _id: body.id,
        name: 'Galaxy Phone',
        description: 'A bright screen and a long battery life',
        brand: 'Samsung',
        price: 19999,
        oldPrice: 24999,
        catId: electronics.id,
        catName: 'Electronics',
        category: categoryObject(electronics),
        subCat: 'Phones',
        subCatId: phones.id,
        subCatName: 'Phones',
        countInStock: 12,
        // None given: the shop's default (api.md §15).
        lowStockThreshold: null,
        rating: 4.5,
        isFeatured: true,
        discount: 20,
        productRam: ['8GB', '12GB'],
        size: ['M', 'L'],
        productWeight: ['200g'],
        location: [
          { value: 'All', label: 'All' },
          { value: 'IN', label: 'India' },
        ],
        images: [imageUrl('one'), imageUrl('two')],
        dateCreated: expect.stringMatching(isoDate),
      });
      expect(body.id).not.toBe('client-id');
      expect(body.dateCreated).toBe(new Date(t.app.ctx.clock()).toISOString());
      expect(await count()).toBe(before + 1);
      const read = await getOne(body.id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
    });

    it('stores a product without a sub category with empty sub category fields and empty lists', async () => {
      const { productRam: _r, size: _s, productWeight: _w, location: _l, ...body } = productBody(fashion.id);
      const res = await postProduct(t, token, { ...body, isFeatured: false });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        catId: fashion.id,
        catName: 'Fashion',
        category: categoryObject(fashion),
        subCat: '',
        subCatId: '',
        subCatName: '',
        isFeatured: false,
        productRam: [],
        size: [],
        productWeight: [],
        location: [],
      });
    });

    it.each(rules.map(([field, message], index) => [field, message, index] as const))(
      'refuses a body complete up to %s with 400 "%s" and stores nothing',
      async (field, message, index) => {
        const before = await count();
        const body = Object.fromEntries(
          rules.slice(0, index).map(([name, , value]) => [name, value === 'CATEGORY' ? electronics.id : value]),
        );
        const res = await postProduct(t, token, body);
        expect(res.statusCode).toBe(400);
        const json = res.json();
        expect(json).toMatchObject({ error: true, msg: message });
        expect(Object.keys(json.fields)[0]).toBe(field);
        expect(json.fields[field]).toBe(message);
        expect(await count()).toBe(before);
      },
    );

    it.each([
      ['an empty name', { name: '' }, 'please add product name'],
      ['a blank name', { name: '   ' }, 'please add product name'],
      ['a null description', { description: null }, 'please add product description'],
      ['an empty brand', { brand: '' }, 'please add product brand'],
      ['a null price', { price: null }, 'please add product price'],
      ['an empty oldPrice', { oldPrice: '' }, 'please add product oldPrice'],
      ['an empty category', { category: '' }, 'please select a category'],
      ['a null countInStock', { countInStock: null }, 'please add product count in stock'],
      ['rating 0', { rating: 0 }, 'please select product rating'],
      ['rating "0"', { rating: '0' }, 'please select product rating'],
      ['isFeatured ""', { isFeatured: '' }, 'please select the product is a featured or not'],
      ['isFeatured null', { isFeatured: null }, 'please select the product is a featured or not'],
      ['isFeatured "maybe"', { isFeatured: 'maybe' }, 'please select the product is a featured or not'],
      ['a null discount', { discount: null }, 'please select the product discount'],
      ['an empty image list', { images: [] }, 'please select images'],
      ['images that are not a list', { images: imageUrl('x') }, 'please select images'],
    ])('refuses %s with 400 and the spec message', async (_, override, message) => {
      const before = await count();
      const res = await postProduct(t, token, productBody(electronics.id, override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: message });
      expect(await count()).toBe(before);
    });

    it('checks in the spec order: with name and price both missing the name message wins', async () => {
      const res = await postProduct(t, token, productBody(electronics.id, { name: '', price: null, images: [] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        msg: 'please add product name',
        fields: { name: 'please add product name', price: 'please add product price', images: 'please select images' },
      });
    });

    it('accepts numbers typed as text and stores them as numbers; "true"/"false" as the featured flag', async () => {
      const res = await postProduct(
        t,
        token,
        productBody(electronics.id, {
          price: '12',
          oldPrice: ' 15.5 ',
          countInStock: '7',
          rating: '3.5',
          discount: '5',
          isFeatured: 'false',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        price: 12,
        oldPrice: 15.5,
        countInStock: 7,
        rating: 3.5,
        discount: 5,
        isFeatured: false,
      });
      const featured = await postProduct(t, token, productBody(electronics.id, { isFeatured: 'true' }));
      expect(featured.statusCode).toBe(201);
      expect(featured.json().isFeatured).toBe(true);
    });

    it.each([
      ['price "abc"', { price: 'abc' }, 'price must be a number'],
      ['oldPrice "12x"', { oldPrice: '12x' }, 'old price must be a number'],
      ['countInStock "many"', { countInStock: 'many' }, 'stock must be a number'],
      ['discount "ten"', { discount: 'ten' }, 'discount must be a number'],
      ['price as an object', { price: { value: 1 } }, 'price must be a number'],
      ['a negative price', { price: -1 }, 'price must be 0 or more'],
      ['a negative price as text', { price: '-5' }, 'price must be 0 or more'],
      ['a negative oldPrice', { oldPrice: -0.5 }, 'old price must be 0 or more'],
      ['a fractional stock', { countInStock: 1.5 }, 'stock must be a whole number, 0 or more'],
      ['a negative stock', { countInStock: -3 }, 'stock must be a whole number, 0 or more'],
      ['a discount over 100', { discount: 101 }, 'discount must be between 0 and 100'],
      ['a rating over 5', { rating: 6 }, 'rating must be between 0.5 and 5, in half stars'],
      ['a rating that is not a half star', { rating: 3.3 }, 'rating must be between 0.5 and 5, in half stars'],
      ['a negative rating', { rating: -1 }, 'rating must be between 0.5 and 5, in half stars'],
      ['a rating "abc"', { rating: 'abc' }, 'please select product rating'],
    ])('refuses %s with 400 and a clear message', async (_, override, message) => {
      const before = await count();
      const res = await postProduct(t, token, productBody(electronics.id, override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: message });
      expect(await count()).toBe(before);
    });

    it('refuses an unknown category with 404 "invalid Category!"', async () => {
      const before = await count();
      const res = await postProduct(t, token, productBody('0123456789abcdef01234567'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'invalid Category!' });
      expect(await count()).toBe(before);
    });

    it('refuses a sub category given as the category with 404 "invalid Category!"', async () => {
      const res = await postProduct(t, token, productBody(phones.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'invalid Category!' });
    });

    it.each([
      ['an unknown id', '0123456789abcdef01234567'],
      ['a root category', 'ROOT'],
    ])('refuses %s as subCatId with 404 "invalid Sub Category!"', async (_, subCatId) => {
      const before = await count();
      const res = await postProduct(
        t,
        token,
        productBody(electronics.id, { subCatId: subCatId === 'ROOT' ? fashion.id : subCatId }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'invalid Sub Category!' });
      expect(await count()).toBe(before);
    });

    it('answers 400 (not 500) for a body that is not an object', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${base}/create`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(true);
    });
  });

  describe('read', () => {
    it('answers 404 for an unknown id', async () => {
      const res = await getOne('0123456789abcdef01234567');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Product not found' });
    });
  });

  describe('update', () => {
    it('PUT changes every field and answers 200 with the product; GET shows the change', async () => {
      const product = await createProduct(t, token, electronics.id, { subCatId: phones.id });
      t.advance(60_000);
      const res = await put(product.id, {
        name: 'Denim Shirt',
        description: 'Blue and soft',
        brand: 'Levis',
        price: '1499',
        oldPrice: 1999,
        category: fashion.id,
        subCatId: shirts.id,
        countInStock: 40,
        lowStockThreshold: '8',
        rating: 3,
        isFeatured: false,
        discount: 25,
        productRam: [],
        size: ['S', 'XL'],
        productWeight: ['300g'],
        location: [{ value: 'US', label: 'United States' }],
        images: [imageUrl('denim')],
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        id: product.id,
        _id: product.id,
        name: 'Denim Shirt',
        description: 'Blue and soft',
        brand: 'Levis',
        price: 1499,
        oldPrice: 1999,
        catId: fashion.id,
        catName: 'Fashion',
        category: categoryObject(fashion),
        subCat: 'Shirts',
        subCatId: shirts.id,
        subCatName: 'Shirts',
        countInStock: 40,
        lowStockThreshold: 8,
        rating: 3,
        isFeatured: false,
        discount: 25,
        productRam: [],
        size: ['S', 'XL'],
        productWeight: ['300g'],
        location: [{ value: 'US', label: 'United States' }],
        images: [imageUrl('denim')],
        dateCreated: product.dateCreated,
      };
      expect(res.json()).toEqual(expected);
      expect((await getOne(product.id)).json()).toEqual(expected);
    });

    it('PUT without a sub category clears it', async () => {
      const product = await createProduct(t, token, electronics.id, { subCatId: phones.id });
      const res = await put(product.id, productBody(electronics.id, { subCatId: '' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ subCat: '', subCatId: '', subCatName: '' });
    });

    it('PUT validates like create and leaves the product unchanged', async () => {
      const product = await createProduct(t, token, electronics.id, { name: 'Unchanged' });
      const res = await put(product.id, productBody(electronics.id, { name: 'Changed', description: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: 'please add product description' });
      const bad = await put(product.id, productBody('0123456789abcdef01234567', { name: 'Changed' }));
      expect(bad.statusCode).toBe(404);
      expect(bad.json()).toEqual({ error: true, msg: 'invalid Category!' });
      expect((await getOne(product.id)).json()).toEqual(product);
    });

    it('PUT on an unknown id answers 404', async () => {
      const res = await put('0123456789abcdef01234567', productBody(electronics.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Product not found' });
    });
  });

  describe('delete and counts', () => {
    it('the owner deletes: 200 {success:true, message:"Product Deleted!"}; the product and its count go', async () => {
      const product = await createProduct(t, token, electronics.id);
      const before = await count();
      const res = await remove(product.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Product Deleted!', trashId: expect.any(String) });
      expect((await getOne(product.id)).statusCode).toBe(404);
      expect(await count()).toBe(before - 1);
      const again = await remove(product.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: true, msg: 'Product not found' });
      expect(await count()).toBe(before - 1);
    });

    it('another administrator gets 403 "Only Admin can delete Product" and the product stays', async () => {
      const second = await createSecondAdmin(t);
      const product = await createProduct(t, token, electronics.id);
      const before = await count();
      const res = await remove(product.id, second.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, msg: 'Only Admin can delete Product' });
      expect((await getOne(product.id)).json()).toEqual(product);
      expect(await count()).toBe(before);
      // The second administrator may still create and edit.
      const edit = await t.request({
        method: 'PUT',
        url: `${base}/${product.id}`,
        headers: bearer(second.token),
        payload: productBody(electronics.id, { name: 'Edited by second' }),
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().name).toBe('Edited by second');
    });

    it('counts follow creates and deletes', async () => {
      const start = await count();
      const a = await createProduct(t, token, fashion.id);
      const b = await createProduct(t, token, fashion.id);
      expect(await count()).toBe(start + 2);
      await remove(a.id);
      expect(await count()).toBe(start + 1);
      await remove(b.id);
      expect(await count()).toBe(start);
      const list = await t.request({ method: 'GET', url: base, headers: bearer(token) });
      expect(list.json().totalCount).toBe(start);
      expect(list.json().products).toHaveLength(start);
    });
  });
});

describe(`products API: strict input and existing clients' shapes (issue 17, ${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let electronics: CategoryRecord;
  let phones: CategoryRecord;
  let shirts: CategoryRecord;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    electronics = await createCategory(t, token, 'Electronics');
    phones = await createSubCategory(t, token, 'Phones', electronics.id);
    const fashion = await createCategory(t, token, 'Fashion');
    shirts = await createSubCategory(t, token, 'Shirts', fashion.id);
  });
  afterAll(() => t.close());

  const storedProducts = () => t.app.ctx.db.selectFrom('products').select(['name', 'images']).execute();

  it.each([
    ['images [1,"a",null] (no longer filtered down to ["a"])', { images: [1, 'a', null] }, 'please select images'],
    ['a usable image beside an empty one', { images: [imageUrl('ok'), ''] }, 'please select images'],
    ['a javascript: image', { images: ['javascript:alert(1)'] }, inputMessages.imageNotUploaded],
    ['a data: image', { images: ['data:image/png;base64,iVBORw0KGgo='] }, inputMessages.imageNotUploaded],
    ['another site’s image', { images: ['https://cdn.example/phone.png'] }, inputMessages.imageNotUploaded],
    [
      'another origin’s /uploads/ path',
      { images: [`https://cdn.example${imagePath('x')}`] },
      inputMessages.imageNotUploaded,
    ],
    ['a name given as a list', { name: ['Galaxy', 'Phone'] }, 'please add product name'],
    ['a rating given as a list', { rating: [4] }, 'please select product rating'],
    ['a price given as a list', { price: [19999] }, 'price must be a number'],
    ['a description with a lone surrogate', { description: 'Bright \uD83D screen' }, inputMessages.invalidText],
    ['a brand with a NUL', { brand: 'Sam\u0000sung' }, inputMessages.invalidText],
    ['a RAM value with a lone surrogate', { productRam: ['8GB\uDC00'] }, inputMessages.invalidText],
  ])('refuses %s with 400 and stores nothing', async (_, override, message) => {
    const before = await storedProducts();
    const res = await postProduct(t, token, productBody(electronics.id, override));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: message });
    expect(await storedProducts()).toEqual(before);
  });

  it('stores emoji (pairs of surrogates) as sent', async () => {
    const product = await createProduct(t, token, electronics.id, { name: 'Phone 📱', description: '𝕊𝕙𝕠𝕡 🛒' });
    expect(
      (await t.request({ method: 'GET', url: `/api/products/${product.id}`, headers: bearer(token) })).json(),
    ).toMatchObject({ name: 'Phone 📱', description: '𝕊𝕙𝕠𝕡 🛒' });
  });

  it('refuses a sub category of another category with 404', async () => {
    const res = await postProduct(t, token, productBody(electronics.id, { subCatId: shirts.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'invalid Sub Category!' });
  });

  it('takes images as {id, img} or {url} objects and answers URLs; stores paths', async () => {
    const res = await postProduct(
      t,
      token,
      productBody(electronics.id, { images: [{ id: 'i1', img: imageUrl('obj-1') }, { url: imagePath('obj-2') }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images).toEqual([imageUrl('obj-1'), imageUrl('obj-2')]);
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('images')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toEqual([imagePath('obj-1'), imagePath('obj-2')]);
  });

  it('takes the category object GET /:id answered, on create and on edit (the spec’s client edits that way)', async () => {
    const created = await postProduct(t, token, productBody(electronics.id, { category: categoryObject(electronics) }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ catId: electronics.id, category: categoryObject(electronics) });

    const shown = (
      await t.request({ method: 'GET', url: `/api/products/${created.json().id}`, headers: bearer(token) })
    ).json();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/products/${shown.id}`,
      headers: bearer(token),
      payload: { ...shown, name: 'Edited as sent back', subCatId: phones.id },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Edited as sent back',
      catId: electronics.id,
      subCatId: phones.id,
      category: { id: electronics.id },
      images: shown.images,
    });
    const byId = await postProduct(t, token, productBody(electronics.id, { category: { id: electronics.id } }));
    expect(byId.statusCode).toBe(201);
  });
});

describe(`products API: lists and paging (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let electronics: CategoryRecord;
  let fashion: CategoryRecord;
  let created: Product[];

  const names = Array.from({ length: 23 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);
  // Prices deliberately not in creation order.
  const priceOf = (i: number) => ((i * 7) % 23) * 10 + 5;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    electronics = await createCategory(t, token, 'Electronics');
    fashion = await createCategory(t, token, 'Fashion');
    created = [];
    for (const [i, name] of names.entries()) {
      // 16 in Electronics, 7 in Fashion.
      const category = i % 3 === 2 ? fashion : electronics;
      created.push(await createProduct(t, token, category.id, { name, price: priceOf(i), rating: (i % 10) / 2 + 0.5 }));
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => t.request({ method: 'GET', url: `${base}${query}`, headers: bearer(token) });
  const namesOf = (res: { json(): { products: Product[] } }) => res.json().products.map((p) => p.name);

  it('without page or perPage: page 1, perPage 10000, every product in creation order', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: created, totalPages: 1, page: 1, perPage: 10000, totalCount: 23 });
    expect((await list('/')).json().products).toHaveLength(23);
  });

  it('page=1&perPage=10 gives the first 10 in creation order, 3 pages of 23', async () => {
    const res = await list('?page=1&perPage=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      products: created.slice(0, 10),
      totalPages: 3,
      page: 1,
      perPage: 10,
      totalCount: 23,
    });
  });

  it('page 2 and page 3 continue where the previous page stopped', async () => {
    expect(namesOf(await list('?page=2&perPage=10'))).toEqual(names.slice(10, 20));
    const third = await list('?page=3&perPage=10');
    expect(third.json()).toEqual({
      products: created.slice(20),
      totalPages: 3,
      page: 3,
      perPage: 10,
      totalCount: 23,
    });
  });

  it('a page past the end is an empty list with 200', async () => {
    const res = await list('?page=4&perPage=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [], totalPages: 3, page: 4, perPage: 10, totalCount: 23 });
  });

  it('perPage alone means page 1; page alone means perPage 10000', async () => {
    expect((await list('?perPage=5')).json()).toMatchObject({ page: 1, perPage: 5, totalPages: 5, totalCount: 23 });
    expect(namesOf(await list('?perPage=5'))).toEqual(names.slice(0, 5));
    const second = await list('?page=2');
    expect(second.json()).toEqual({ products: [], totalPages: 1, page: 2, perPage: 10000, totalCount: 23 });
  });

  it.each([
    ['perPage=0', '?page=1&perPage=0', 'perPage'],
    ['perPage=10001', '?page=1&perPage=10001', 'perPage'],
    ['page=0', '?page=0&perPage=10', 'page'],
    ['page=-1', '?page=-1', 'page'],
    ['page=abc', '?page=abc', 'page'],
    ['perPage=2.5', '?perPage=2.5', 'perPage'],
    ['sort=secret', '?sort=secret', 'sort'],
    ['order=sideways', '?sort=price&order=sideways', 'order'],
  ])('refuses %s with 400', async (_, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.error).toBe(true);
    expect(typeof json.msg).toBe('string');
    expect(Object.keys(json.fields)).toEqual([field]);
  });

  it('perPage=10000 is allowed', async () => {
    const res = await list('?page=1&perPage=10000');
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(23);
  });

  it('sort=price&order=desc orders by price, highest first, across pages', async () => {
    const byPriceDesc = [...created].sort((a, b) => b.price - a.price).map((p) => p.name);
    const first = await list('?sort=price&order=desc&page=1&perPage=10');
    expect(first.statusCode).toBe(200);
    expect(namesOf(first)).toEqual(byPriceDesc.slice(0, 10));
    expect(namesOf(await list('?sort=price&order=desc&page=3&perPage=10'))).toEqual(byPriceDesc.slice(20));
    const prices = (await list('?sort=price&order=desc')).json().products.map((p: Product) => p.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
  });

  it('sort=price without order is ascending; sort=name and sort=dateCreated&order=desc work', async () => {
    const byPriceAsc = [...created].sort((a, b) => a.price - b.price).map((p) => p.name);
    expect(namesOf(await list('?sort=price'))).toEqual(byPriceAsc);
    expect(namesOf(await list('?sort=name&order=desc&page=1&perPage=3'))).toEqual(['Item 23', 'Item 22', 'Item 21']);
    expect(namesOf(await list('?sort=dateCreated&order=desc&page=1&perPage=2'))).toEqual(['Item 23', 'Item 22']);
  });

  it('/catId?catId= lists one category with its own counts', async () => {
    const inFashion = created.filter((p) => p.catId === fashion.id);
    expect(inFashion).toHaveLength(7);
    const res = await list(`/catId?catId=${fashion.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: inFashion, totalPages: 1, page: 1, perPage: 10000, totalCount: 7 });

    const paged = await list(`/catId?catId=${electronics.id}&page=2&perPage=10`);
    const inElectronics = created.filter((p) => p.catId === electronics.id);
    expect(paged.json()).toEqual({
      products: inElectronics.slice(10),
      totalPages: 2,
      page: 2,
      perPage: 10,
      totalCount: 16,
    });
    expect((await list(`/catId?catId=${fashion.id}&page=3&perPage=3`)).json()).toEqual({
      products: inFashion.slice(6),
      totalPages: 3,
      page: 3,
      perPage: 3,
      totalCount: 7,
    });
  });

  it('/catId with an unknown category is an empty page', async () => {
    const res = await list('/catId?catId=0123456789abcdef01234567');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [], totalPages: 0, page: 1, perPage: 10000, totalCount: 0 });
  });

  it.each([
    ['without catId', '/catId'],
    ['with an empty catId', '/catId?catId='],
  ])('/catId %s answers 400 "catId is required"', async (_, url) => {
    const res = await list(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: 'catId is required' });
  });
});

describe(`products and categories together (${engineName})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterAll(() => t.close());

  const deleteCategory = (id: string) =>
    t.request({ method: 'DELETE', url: `/api/category/${id}`, headers: bearer(token) });

  it('refuses to delete a category (or its sub category) used by products with 409 and the count', async () => {
    const books = await createCategory(t, token, 'Books');
    const novels = await createSubCategory(t, token, 'Novels', books.id);
    const a = await createProduct(t, token, books.id, { name: 'Atlas' });
    const b = await createProduct(t, token, books.id, { name: 'Bible', subCatId: novels.id });

    const root = await deleteCategory(books.id);
    expect(root.statusCode).toBe(409);
    expect(root.json()).toEqual({
      error: true,
      msg: 'This category is used by 2 products; move or delete them first',
    });
    const sub = await deleteCategory(novels.id);
    expect(sub.statusCode).toBe(409);
    expect(sub.json()).toEqual({ error: true, msg: 'This category is used by 1 product; move or delete it first' });

    for (const p of [a, b]) {
      const res = await t.request({ method: 'DELETE', url: `${base}/${p.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
    }
    const after = await deleteCategory(books.id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ success: true, message: 'Category Deleted!', trashId: expect.any(String) });
  });

  it('renaming a category updates catName, the category object and subCatName, and search finds the new name', async () => {
    const garden = await createCategory(t, token, 'Garden', '#00aa00');
    const tools = await createSubCategory(t, token, 'Tools', garden.id);
    const product = await createProduct(t, token, garden.id, {
      name: 'Spade',
      description: 'Digs holes',
      brand: 'Acme',
      subCatId: tools.id,
    });
    const search = (q: string) => t.request({ method: 'GET', url: `/api/search?q=${q}`, headers: bearer(token) });
    expect((await search('garden')).json().totalCount).toBe(1);

    const rename = await t.request({
      method: 'PUT',
      url: `/api/category/${garden.id}`,
      headers: bearer(token),
      payload: { name: 'Outdoors', color: '#00bb00', images: garden.images },
    });
    expect(rename.statusCode).toBe(200);
    const renameSub = await t.request({
      method: 'PUT',
      url: `/api/category/${tools.id}`,
      headers: bearer(token),
      payload: { name: 'Hand Tools' },
    });
    expect(renameSub.statusCode).toBe(200);

    const read = await t.request({ method: 'GET', url: `${base}/${product.id}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({
      catName: 'Outdoors',
      category: { _id: garden.id, id: garden.id, name: 'Outdoors', color: '#00bb00', images: garden.images },
      subCat: 'Hand Tools',
      subCatName: 'Hand Tools',
    });
    const listed = await t.request({ method: 'GET', url: `${base}/catId?catId=${garden.id}`, headers: bearer(token) });
    expect(listed.json().products.map((p: Product) => p.catName)).toEqual(['Outdoors']);

    const found = await search('outdoors');
    expect(found.statusCode).toBe(200);
    expect(found.json().products.map((p: Product) => p.id)).toEqual([product.id]);
    expect((await search('garden')).json()).toEqual({
      products: [],
      totalPages: 0,
      page: 1,
      perPage: 10000,
      totalCount: 0,
    });
  });
});

describe(`products API: who may call (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let productId: string;
  let nonAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    productId = (await createProduct(t, token, category.id)).id;
    nonAdmin = await createNonAdminToken(t);
  });
  afterAll(() => t.close());

  const routes = (): InjectOptions[] => [
    { method: 'GET', url: base },
    { method: 'GET', url: `${base}/catId?catId=${productId}` },
    { method: 'GET', url: `${base}/get/count` },
    { method: 'GET', url: `${base}/${productId}` },
    { method: 'POST', url: `${base}/create`, payload: {} },
    { method: 'PUT', url: `${base}/${productId}`, payload: {} },
    { method: 'DELETE', url: `${base}/${productId}` },
    { method: 'GET', url: `${base}/bestSellers` },
    { method: 'GET', url: '/api/search?q=galaxy' },
    { method: 'GET', url: '/api/productReviews' },
    { method: 'GET', url: '/api/productReviews/get/count' },
    { method: 'POST', url: '/api/productReviews/add', payload: {} },
  ];

  it('refuses anonymous callers with 401 "Please sign in"', async () => {
    for (const route of routes()) {
      const res = await t.request(route);
      expect(res.statusCode, routeName(route)).toBe(401);
      expect(res.json(), routeName(route)).toEqual(pleaseSignIn);
    }
  });

  it('refuses a bad token with 401', async () => {
    const res = await t.request({ method: 'GET', url: base, headers: bearer('not-a-token') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(pleaseSignIn);
  });

  it('refuses a non-administrator with 403 "you are not a admin" and changes nothing', async () => {
    for (const route of routes()) {
      const res = await t.request({ ...route, headers: bearer(nonAdmin) });
      expect(res.statusCode, routeName(route)).toBe(403);
      expect(res.json(), routeName(route)).toEqual(notAdmin);
    }
    const still = await t.request({ method: 'GET', url: `${base}/${productId}`, headers: bearer(token) });
    expect(still.statusCode).toBe(200);
  });
});
