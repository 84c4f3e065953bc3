import {
  bannerFamilies,
  bannerFamilyNames,
  catalogueMessages,
  optionFamilies,
  trashMessages,
} from '@shopdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCategory,
  createOrder,
  createProduct,
  createSecondAdmin,
  createSubCategory,
  orderLine,
  pngImage,
} from '../../../test/catalogue-fixtures';
import { isStored } from '../../../test/image-backends';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { upload } from '../../../test/uploads';
import { sweepUnusedImages } from '../images/images.service';
import { purgeDueTrash } from './trash.service';

const day = 86_400_000;
const fileOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
const smallOf = (key: string) => key.replace(/\.(\w+)$/, '.small.webp');

describe(`trash: delete, restore, purge (api.md §12, ${engineName})`, () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as = token) =>
    t.request({ method, url, headers: bearer(as) });
  const json = async (method: 'GET' | 'POST' | 'DELETE', url: string, as = token) => {
    const res = await call(method, url, as);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const trash = () => json('GET', '/api/trash');
  const restore = (trashId: string, as = token) => call('POST', `/api/trash/${trashId}/restore`, as);
  const purge = (trashId: string, as = token) => call('DELETE', `/api/trash/${trashId}`, as);

  /** Uploads real images to a family's upload route and answers their URLs. */
  async function uploaded(path: string, count = 1): Promise<string[]> {
    const files = await Promise.all(
      Array.from({ length: count }, async (_, index) => ({
        data: await pngImage(),
        filename: `i${index}.png`,
        type: 'image/png',
      })),
    );
    const res = await upload(t, token, files, {}, `${path}/upload`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** As the screens do after a save: the caller's temporary uploads are let go (the record keeps its files). */
  const settleUploads = () => json('DELETE', '/api/imageUpload/deleteAllImages');

  /** Everything a product shows up in: the list, the counts, search, best sellers, reviews. */
  async function catalogueView() {
    return {
      list: (await json('GET', '/api/products?page=1&perPage=50')).products.map((p: { id: string }) => p.id),
      count: (await json('GET', '/api/products/get/count')).productsCount,
      search: (await json('GET', '/api/search?q=zephyr')).products.map((p: { id: string }) => p.id),
      best: (await json('GET', '/api/products/bestSellers')).products.map((p: { id: string }) => p.id),
      reviews: (await json('GET', '/api/productReviews/get/count')).productsReviews,
      roots: (await json('GET', '/api/category/get/count')).categoryCount,
      subs: (await json('GET', '/api/category/subCat/get/count')).categoryCount,
    };
  }

  it('a deleted product leaves every list, count, search and best seller list, keeps its files, and comes back identical', async () => {
    const phones = await createCategory(t, token, 'Phones');
    const product = await createProduct(t, token, phones.id, {
      name: 'Zephyr Phone',
      images: await uploaded('/api/products', 2),
    });
    const other = await createProduct(t, token, phones.id, { name: 'Plain Phone' });
    await createOrder(t, token, [orderLine(product.id, 3), orderLine(other.id, 1)]);
    const review = { productId: product.id, customerName: 'Asha', review: 'Great', customerRating: 5 };
    expect(
      (await t.request({ method: 'POST', url: '/api/productReviews/add', headers: bearer(token), payload: review }))
        .statusCode,
    ).toBe(201);
    const sales = await json('GET', '/api/orders/sales');
    const before = await catalogueView();
    expect(before).toMatchObject({ count: 2, search: [product.id], best: [product.id, other.id], reviews: 1 });

    const deleted = await call('DELETE', `/api/products/${product.id}`);
    expect(deleted.statusCode).toBe(200);
    const { trashId } = deleted.json();
    expect(deleted.json()).toEqual({ success: true, message: 'Product Deleted!', trashId: expect.any(String) });

    expect((await call('GET', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect(await catalogueView()).toEqual({
      ...before,
      list: [other.id],
      count: 1,
      search: [],
      best: [other.id],
      reviews: 0,
    });
    // Money taken stays taken: the sales figures are the orders'.
    expect(await json('GET', '/api/orders/sales')).toEqual(sales);

    const [entry, ...rest] = await trash();
    expect(rest).toEqual([]);
    const owner = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', 'owner@shop.test')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      trashId,
      entity: 'product',
      entityId: product.id,
      name: 'Zephyr Phone',
      deletedAt: expect.any(String),
      deletedBy: { id: owner.id, name: owner.name, email: 'owner@shop.test' },
      purgeAt: new Date(Date.parse(entry.deletedAt) + 30 * day).toISOString(),
    });

    // No sweep takes a trashed record's files, however old they are.
    await settleUploads();
    t.advance(3 * 3_600_000);
    await sweepUnusedImages(t.app.ctx);
    for (const url of product.images) expect(await isStored(t, fileOf(url)), url).toBe(true);
    token = await signIn(t);

    const restored = await restore(trashId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(product);
    expect(await json('GET', `/api/products/${product.id}`)).toEqual(product);
    const after = await catalogueView();
    expect({ ...after, list: [...after.list].sort() }).toEqual({ ...before, list: [...before.list].sort() });
    expect(await trash()).toEqual([]);
    expect((await restore(trashId)).json()).toEqual({ error: true, msg: trashMessages.notFound });
  });

  it('a deleted category goes with its sub categories and comes back with them', async () => {
    const fashion = await createCategory(t, token, 'Fashion');
    await createSubCategory(t, token, 'Shirts', fashion.id);
    await createSubCategory(t, token, 'Shoes', fashion.id);
    const whole = (await json('GET', `/api/category/${fashion.id}`)).categoryData[0];
    const deleted = await call('DELETE', `/api/category/${fashion.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Category Deleted!', trashId: expect.any(String) });
    expect(await json('GET', '/api/category')).toEqual({ categoryList: [] });
    expect(await catalogueView()).toMatchObject({ roots: 0, subs: 0 });
    expect(await trash()).toMatchObject([{ entity: 'category', entityId: fashion.id, name: 'Fashion' }]);

    const restored = await restore(deleted.json().trashId);
    expect(restored.json()).toEqual({ categoryData: [whole] });
    expect(await json('GET', '/api/category')).toEqual({ categoryList: [whole] });
    expect(await catalogueView()).toMatchObject({ roots: 1, subs: 2 });
    expect(whole.images[0]).toMatch(/^http:\/\/localhost:80\/uploads\/categories\//);
  });

  it('restores option values and banners of every family as they were, images included', async () => {
    for (const { path, field, entity } of Object.values(optionFamilies)) {
      const made = await t.request({
        method: 'POST',
        url: `${path}/create`,
        headers: bearer(token),
        payload: { [field]: '8GB' },
      });
      const record = made.json();
      const deleted = await call('DELETE', `${path}/${record.id}`);
      expect(deleted.json()).toEqual({ success: true, message: 'Item Deleted!', trashId: expect.any(String) });
      expect(await json('GET', path)).toEqual([]);
      expect(await json('GET', `/api/trash?entity=${entity}`)).toMatchObject([{ entity, name: '8GB' }]);
      expect((await restore(deleted.json().trashId)).json()).toEqual(record);
      expect(await json('GET', path)).toEqual([record]);
    }
    const shoes = await createCategory(t, token, 'Shoes');
    for (const family of bannerFamilyNames) {
      const { apiPath, hasCategory, deleted: words } = bannerFamilies[family];
      const images = await uploaded(apiPath);
      const payload = { images, ...(hasCategory ? { catId: shoes.id } : {}) };
      const banner = (
        await t.request({ method: 'POST', url: `${apiPath}/create`, headers: bearer(token), payload })
      ).json();
      const deleted = await call('DELETE', `${apiPath}/${banner.id}`);
      expect(deleted.json()).toEqual({ success: true, message: words, trashId: expect.any(String) });
      expect(await json('GET', apiPath)).toEqual([]);
      expect(await json('GET', `/api/trash?entity=${family}`)).toMatchObject([{ entity: family, entityId: banner.id }]);
      expect((await restore(deleted.json().trashId)).json()).toEqual(banner);
      expect(await json('GET', apiPath)).toEqual([banner]);
      expect(await isStored(t, fileOf(images[0] as string))).toBe(true);
    }
    expect(await trash()).toEqual([]);
  });

  it('refuses with 409 a restore whose name was taken meanwhile, and keeps it in the trash', async () => {
    const toys = await createCategory(t, token, 'Toys');
    const category = (await call('DELETE', `/api/category/${toys.id}`)).json().trashId;
    await createCategory(t, token, 'toys');
    const refused = await restore(category);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: true, msg: catalogueMessages.categoryExists('Toys') });

    const ram = (
      await t.request({
        method: 'POST',
        url: '/api/productRAMS/create',
        headers: bearer(token),
        payload: { productRam: '16GB' },
      })
    ).json();
    const option = (await call('DELETE', `/api/productRAMS/${ram.id}`)).json().trashId;
    await t.request({
      method: 'POST',
      url: '/api/productRAMS/create',
      headers: bearer(token),
      payload: { productRam: '16gb' },
    });
    expect((await restore(option)).json()).toEqual({ error: true, msg: catalogueMessages.optionExists('16GB') });
    expect((await trash()).map((entry: { trashId: string }) => entry.trashId).sort()).toEqual(
      [category, option].sort(),
    );
  });

  it('counts only live products in the "used by N products" rule, and a product restore brings its category back', async () => {
    const kids = await createCategory(t, token, 'Kids');
    const toys = await createSubCategory(t, token, 'Toys', kids.id);
    const kite = await createProduct(t, token, kids.id, { name: 'Kite', subCatId: toys.id });
    const ball = await createProduct(t, token, kids.id, { name: 'Ball' });
    const kiteTrash = (await call('DELETE', `/api/products/${kite.id}`)).json().trashId;
    const refused = await call('DELETE', `/api/category/${kids.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: true, msg: catalogueMessages.categoryInUse(1) });
    await call('DELETE', `/api/products/${ball.id}`);
    expect((await call('DELETE', `/api/category/${kids.id}`)).statusCode).toBe(200);
    expect(await catalogueView()).toMatchObject({ count: 0, roots: 0, subs: 0 });

    const restored = await restore(kiteTrash);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(kite);
    expect((await json('GET', `/api/category/${kids.id}`)).categoryData[0].children).toEqual([
      expect.objectContaining({ id: toys.id, name: 'Toys' }),
    ]);
    expect((await trash()).map((entry: { name: string }) => entry.name)).toEqual(['Ball']);
  });

  it('refuses with 409 a product whose category was deleted for good', async () => {
    const garden = await createCategory(t, token, 'Garden');
    const rake = await createProduct(t, token, garden.id, { name: 'Rake' });
    const rakeTrash = (await call('DELETE', `/api/products/${rake.id}`)).json().trashId;
    const gardenTrash = (await call('DELETE', `/api/category/${garden.id}`)).json().trashId;
    expect((await purge(gardenTrash)).statusCode).toBe(200);
    const refused = await restore(rakeTrash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: true, msg: trashMessages.categoryPurged });
    expect(await catalogueView()).toMatchObject({ count: 0, roots: 0 });
  });

  it('purges by hand: the record and its files go, then 404', async () => {
    const phones = await createCategory(t, token, 'Phones');
    const images = await uploaded('/api/products', 2);
    const product = await createProduct(t, token, phones.id, { name: 'Zephyr', images });
    // A file a live record still uses stays.
    await createProduct(t, token, phones.id, { name: 'Twin', images: [images[0]] });
    await settleUploads();
    const { trashId } = (await call('DELETE', `/api/products/${product.id}`)).json();
    const purged = await purge(trashId);
    expect(purged.json()).toEqual({ success: true, message: trashMessages.purged });
    expect(await isStored(t, fileOf(images[0] as string))).toBe(true);
    expect(await isStored(t, fileOf(images[1] as string))).toBe(false);
    expect(await isStored(t, smallOf(fileOf(images[1] as string)))).toBe(false);
    expect(await trash()).toEqual([]);
    expect((await restore(trashId)).statusCode).toBe(404);
    expect((await purge(trashId)).json()).toEqual({ error: true, msg: trashMessages.notFound });
    expect((await call('GET', `/api/products/${product.id}`)).statusCode).toBe(404);
  });

  it('purges by itself after TRASH_DAYS, files included, and not a moment before', async () => {
    await t.close();
    t = await createTestApp({ TRASH_DAYS: '7' });
    token = await signIn(t);
    const images = await uploaded('/api/homeBanner');
    const slide = (
      await t.request({ method: 'POST', url: '/api/homeBanner/create', headers: bearer(token), payload: { images } })
    ).json();
    await settleUploads();
    const { trashId } = (await call('DELETE', `/api/homeBanner/${slide.id}`)).json();
    t.advance(7 * day - 60_000);
    expect(await purgeDueTrash(t.app.ctx)).toBe(0);
    token = await signIn(t);
    expect(await isStored(t, fileOf(images[0] as string))).toBe(true);
    expect(await trash()).toMatchObject([{ trashId }]);
    t.advance(120_000);
    expect(await purgeDueTrash(t.app.ctx)).toBe(1);
    token = await signIn(t);
    expect(await isStored(t, fileOf(images[0] as string))).toBe(false);
    expect(await trash()).toEqual([]);
    expect((await restore(trashId)).statusCode).toBe(404);
    expect(await purgeDueTrash(t.app.ctx)).toBe(0);
  });

  it('lets any staff read the trash, writers restore, and only the owner purge', async () => {
    const shoes = await createCategory(t, token, 'Shoes');
    const product = await createProduct(t, token, shoes.id);
    const { trashId } = (await call('DELETE', `/api/products/${product.id}`)).json();
    const manager = await createSecondAdmin(t);
    const viewer = await createAdmin(t, 'viewer@shop.test');
    await t.request({
      method: 'PUT',
      url: `/api/staff/${viewer.id}`,
      headers: bearer(token),
      payload: { role: 'viewer' },
    });

    expect(await json('GET', '/api/trash', viewer.token)).toMatchObject([{ trashId }]);
    expect((await restore(trashId, viewer.token)).json()).toEqual({
      error: true,
      msg: 'You do not have permission to do this',
    });
    const refused = await purge(trashId, manager.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, msg: 'Only Admin can delete forever' });
    expect((await restore(trashId, manager.token)).statusCode).toBe(200);

    const bad = await call('GET', '/api/trash?entity=orders');
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/trash')).statusCode).toBe(200);
  });
});
