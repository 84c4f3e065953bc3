import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../test/catalogue-fixtures';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const base = '/api/category';
const fillAll = { error: true, msg: 'Please fill all the details' };
const imageA = imageUrl('a', 'categories');
const imageB = imageUrl('b', 'categories');

interface CategoryBody {
  _id: string;
  id: string;
  name: string;
  slug: string;
  color: string;
  images: string[];
  parentId?: string;
  children: Array<Omit<CategoryBody, 'children'>>;
}

/** A category record as a client receives it inside `children` (no children of its own). */
const asChild = ({ children: _children, ...rest }: CategoryBody) => rest;

function multipartBody(files: Array<{ filename: string; type: string; data: Buffer }>, token: string) {
  const boundary = '----shopdeskCategoryTestBoundary';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe(`categories API (${engineName})`, () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterEach(() => t.close());

  const create = (payload: Record<string, unknown>, as = token) =>
    t.request({ method: 'POST', url: `${base}/create`, headers: bearer(as), payload });
  const update = (id: string, payload: Record<string, unknown>, as = token) =>
    t.request({ method: 'PUT', url: `${base}/${id}`, headers: bearer(as), payload });
  const remove = (id: string, as = token) => t.request({ method: 'DELETE', url: `${base}/${id}`, headers: bearer(as) });
  const getOne = (id: string) => t.request({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
  const list = async () => {
    const res = await t.request({ method: 'GET', url: `${base}/`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().categoryList as CategoryBody[];
  };
  const counts = async () => {
    const roots = await t.request({ method: 'GET', url: `${base}/get/count`, headers: bearer(token) });
    const subs = await t.request({ method: 'GET', url: `${base}/subCat/get/count`, headers: bearer(token) });
    expect(roots.statusCode).toBe(200);
    expect(subs.statusCode).toBe(200);
    return { roots: roots.json().categoryCount as number, subs: subs.json().categoryCount as number };
  };
  const createRoot = async (name: string, color = '#112233', images = [imageA]) => {
    const res = await create({ name, color, images });
    expect(res.statusCode).toBe(201);
    return res.json() as CategoryBody;
  };
  const createSub = async (name: string, parentId: string) => {
    const res = await create({ name, parentId });
    expect(res.statusCode).toBe(201);
    return res.json() as CategoryBody;
  };

  describe('create', () => {
    it('creates a category: 201 with _id equal to id, slug equal to the name and no children', async () => {
      const res = await create({ name: 'Fashion', color: '#ff0000', images: [imageA, imageB] });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        id: body._id,
        name: 'Fashion',
        slug: 'Fashion',
        color: '#ff0000',
        images: [imageA, imageB],
        children: [],
      });
      const read = await getOne(body.id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ categoryData: [body] });
    });

    it('stores the name trimmed', async () => {
      const body = await createRoot('  Electronics  ');
      expect(body.name).toBe('Electronics');
      expect(body.slug).toBe('Electronics');
    });

    it('ignores id, _id, createdAt and a slug that differs from the name in the body', async () => {
      const res = await create({
        id: 'client-id',
        _id: 'client-_id',
        createdAt: '2001-01-01T00:00:00.000Z',
        updatedAt: '2001-01-01T00:00:00.000Z',
        slug: 'something-else',
        name: 'Shoes',
        color: 'blue',
        images: [imageA],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).not.toBe('client-id');
      expect(body._id).toBe(body.id);
      expect(body).toEqual({
        _id: body.id,
        id: body.id,
        name: 'Shoes',
        slug: 'Shoes',
        color: 'blue',
        images: [imageA],
        children: [],
      });
      expect((await getOne('client-id')).statusCode).toBe(404);
      expect((await getOne('client-_id')).statusCode).toBe(404);
      expect(await list()).toEqual([body]);
    });

    it.each([
      ['the name is missing', { color: 'red', images: [imageA] }, 'name'],
      ['the name is blank', { name: '   ', color: 'red', images: [imageA] }, 'name'],
      ['the colour is missing', { name: 'Bags', images: [imageA] }, 'color'],
      ['the colour is blank', { name: 'Bags', color: '', images: [imageA] }, 'color'],
      ['the images are missing', { name: 'Bags', color: 'red' }, 'images'],
      ['the image list is empty', { name: 'Bags', color: 'red', images: [] }, 'images'],
      ['the images are not a list', { name: 'Bags', color: 'red', images: imageA }, 'images'],
    ])(
      'refuses a category when %s with 400 "Please fill all the details" and stores nothing',
      async (_, payload, field) => {
        const res = await create(payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ ...fillAll, fields: { [field]: fillAll.msg } });
        expect(await list()).toEqual([]);
        expect(await counts()).toEqual({ roots: 0, subs: 0 });
      },
    );

    it('creates a sub category from a name and parentId: 201 with parentId, no images, no children', async () => {
      const root = await createRoot('Fashion');
      const res = await create({ name: 'Shirts', parentId: root.id });
      expect(res.statusCode).toBe(201);
      const sub = res.json();
      expect(sub).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        id: sub._id,
        name: 'Shirts',
        slug: 'Shirts',
        color: '',
        images: [],
        parentId: root.id,
        children: [],
      });
      expect((await getOne(root.id)).json()).toEqual({ categoryData: [{ ...root, children: [asChild(sub)] }] });
    });

    it.each([
      ['no name', {}],
      ['a blank name', { name: '  ' }],
      ['a null name', { name: null }],
    ])('refuses a sub category with %s with 400 "Please fill all the details"', async (_, payload) => {
      const root = await createRoot('Fashion');
      const res = await create({ ...payload, parentId: root.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...fillAll, fields: { name: fillAll.msg } });
      expect(await counts()).toEqual({ roots: 1, subs: 0 });
    });

    it.each([
      ['an empty parentId', ''],
      ['a null parentId', null],
    ])('treats %s as a root category, which then needs a colour and images', async (_, parentId) => {
      const refused = await create({ name: 'Home', parentId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject(fillAll);
      expect(await counts()).toEqual({ roots: 0, subs: 0 });

      const res = await create({ name: 'Home', parentId, color: 'green', images: [imageA] });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).not.toHaveProperty('parentId');
      expect(body).toEqual({
        _id: body.id,
        id: body.id,
        name: 'Home',
        slug: 'Home',
        color: 'green',
        images: [imageA],
        children: [],
      });
      expect(await counts()).toEqual({ roots: 1, subs: 0 });
    });

    it('answers 404 for a sub category whose parent does not exist and stores nothing', async () => {
      const res = await create({ name: 'Orphans', parentId: '0123456789abcdef01234567' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'The parent category does not exist' });
      expect(await counts()).toEqual({ roots: 0, subs: 0 });
    });

    it('refuses a sub category of a sub category with 400', async () => {
      const root = await createRoot('Fashion');
      const sub = await createSub('Shirts', root.id);
      const res = await create({ name: 'Polo', parentId: sub.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, msg: 'A sub category cannot have sub categories of its own' });
      expect(await counts()).toEqual({ roots: 1, subs: 1 });
    });

    it('refuses a root category whose name exists at root level, ignoring case and spaces, with 409', async () => {
      await createRoot('Fashion');
      const res = await create({ name: '  fASHION ', color: 'red', images: [imageB] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: true, msg: 'A category named "fASHION" already exists here' });
      expect(await counts()).toEqual({ roots: 1, subs: 0 });
    });

    it('refuses a sub category whose name exists under the same parent with 409', async () => {
      const root = await createRoot('Fashion');
      await createSub('Shirts', root.id);
      const res = await create({ name: ' SHIRTS', parentId: root.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: true, msg: 'A category named "SHIRTS" already exists here' });
      expect(await counts()).toEqual({ roots: 1, subs: 1 });
    });

    it('allows the same name under another parent and at root versus sub level', async () => {
      const fashion = await createRoot('Fashion');
      const kids = await createRoot('Kids');
      await createSub('Shirts', fashion.id);
      await createSub('shirts', kids.id);
      await createSub('Fashion', fashion.id);
      await createRoot('Shirts');
      expect(await counts()).toEqual({ roots: 3, subs: 3 });
    });
  });

  describe('read', () => {
    it('lists root categories in creation order, each with its sub categories in creation order', async () => {
      const zeta = await createRoot('Zeta', 'red', [imageA]);
      const alpha = await createRoot('Alpha', 'blue', [imageB]);
      const zetaTwo = await createSub('Zeta two', zeta.id);
      const alphaOne = await createSub('Alpha one', alpha.id);
      const zetaOne = await createSub('Zeta one', zeta.id);
      const mid = await createRoot('Mid');
      expect(await list()).toEqual([
        { ...zeta, children: [asChild(zetaTwo), asChild(zetaOne)] },
        { ...alpha, children: [asChild(alphaOne)] },
        { ...mid, children: [] },
      ]);
    });

    it('answers an empty categoryList when there are no categories', async () => {
      const res = await t.request({ method: 'GET', url: `${base}/`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ categoryList: [] });
    });

    it('reads one category as a list of one with its direct children', async () => {
      const root = await createRoot('Fashion');
      const first = await createSub('Shirts', root.id);
      const second = await createSub('Trousers', root.id);
      await createRoot('Other');
      const res = await getOne(root.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ categoryData: [{ ...root, children: [asChild(first), asChild(second)] }] });
    });

    it('reads a sub category with its parentId and no children', async () => {
      const root = await createRoot('Fashion');
      const sub = await createSub('Shirts', root.id);
      const res = await getOne(sub.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ categoryData: [{ ...sub, parentId: root.id, children: [] }] });
    });

    it('answers 404 with the error shape for an unknown id', async () => {
      const res = await getOne('0123456789abcdef01234567');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Category not found' });
    });

    it('counts root categories and sub categories separately, 0 when there are none', async () => {
      expect(await counts()).toEqual({ roots: 0, subs: 0 });
      const fashion = await createRoot('Fashion');
      const kids = await createRoot('Kids');
      await createSub('Shirts', fashion.id);
      await createSub('Shoes', fashion.id);
      await createSub('Toys', kids.id);
      expect(await counts()).toEqual({ roots: 2, subs: 3 });
      const res = await t.request({ method: 'GET', url: `${base}/get/count`, headers: bearer(token) });
      expect(res.json()).toEqual({ categoryCount: 2 });
    });
  });

  describe('update', () => {
    it('updates name, colour and images of a category; the slug follows the name; children stay', async () => {
      const root = await createRoot('Fashion', 'red', [imageA]);
      const sub = await createSub('Shirts', root.id);
      const res = await update(root.id, { name: 'Clothing', color: 'navy', images: [imageB] });
      expect(res.statusCode).toBe(200);
      const expected = {
        _id: root.id,
        id: root.id,
        name: 'Clothing',
        slug: 'Clothing',
        color: 'navy',
        images: [imageB],
        children: [asChild(sub)],
      };
      expect(res.json()).toEqual(expected);
      expect((await getOne(root.id)).json()).toEqual({ categoryData: [expected] });
    });

    it.each([
      ['the name is blank', { name: '', color: 'navy', images: [imageB] }, 'name'],
      ['the colour is missing', { name: 'Clothing', images: [imageB] }, 'color'],
      ['the image list is empty', { name: 'Clothing', color: 'navy', images: [] }, 'images'],
    ])('refuses an update of a category when %s with 400 and keeps the record', async (_, payload, field) => {
      const root = await createRoot('Fashion', 'red', [imageA]);
      const res = await update(root.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...fillAll, fields: { [field]: fillAll.msg } });
      expect((await getOne(root.id)).json()).toEqual({ categoryData: [root] });
    });

    it("refuses renaming a category onto a sibling's name with 409, and allows a case change of its own name", async () => {
      const fashion = await createRoot('Fashion');
      await createRoot('Kids');
      const clash = await update(fashion.id, { name: 'KIDS', color: 'red', images: [imageA] });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ error: true, msg: 'A category named "KIDS" already exists here' });
      expect((await getOne(fashion.id)).json().categoryData[0].name).toBe('Fashion');

      const recased = await update(fashion.id, { name: 'FASHION', color: 'red', images: [imageA] });
      expect(recased.statusCode).toBe(200);
      expect(recased.json()).toMatchObject({ id: fashion.id, name: 'FASHION', slug: 'FASHION' });
    });

    it('updates a sub category from a name alone and keeps its parent, colour and images', async () => {
      const fashion = await createRoot('Fashion');
      const kids = await createRoot('Kids');
      const sub = await createSub('Shirts', fashion.id);
      const res = await update(sub.id, { name: 'Tees', parentId: kids.id, color: 'pink', images: [imageB] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...sub, name: 'Tees', slug: 'Tees', parentId: fashion.id, children: [] });
      const [fashionRead, kidsRead] = await list();
      expect(fashionRead?.children).toEqual([{ ...asChild(sub), name: 'Tees', slug: 'Tees' }]);
      expect(kidsRead?.children).toEqual([]);
    });

    it('refuses a sub category update without a name with 400 "Please fill all the details"', async () => {
      const root = await createRoot('Fashion');
      const sub = await createSub('Shirts', root.id);
      const res = await update(sub.id, { name: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...fillAll, fields: { name: fillAll.msg } });
      expect((await getOne(sub.id)).json().categoryData[0].name).toBe('Shirts');
    });

    it("refuses renaming a sub category onto a sibling's name with 409, but allows a root's name", async () => {
      const root = await createRoot('Fashion');
      const shirts = await createSub('Shirts', root.id);
      await createSub('Shoes', root.id);
      const clash = await update(shirts.id, { name: 'shoes' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ error: true, msg: 'A category named "shoes" already exists here' });
      const ok = await update(shirts.id, { name: 'Fashion' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: shirts.id, name: 'Fashion', parentId: root.id });
    });

    it('answers 404 when updating an unknown category', async () => {
      const res = await update('0123456789abcdef01234567', { name: 'X', color: 'red', images: [imageA] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Category not found' });
    });
  });

  describe('delete', () => {
    it('lets the owner delete a category, and its sub categories go with it', async () => {
      const fashion = await createRoot('Fashion');
      const kids = await createRoot('Kids');
      const shirts = await createSub('Shirts', fashion.id);
      await createSub('Shoes', fashion.id);
      const toys = await createSub('Toys', kids.id);
      expect(await counts()).toEqual({ roots: 2, subs: 3 });

      const res = await remove(fashion.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Category Deleted!', trashId: expect.any(String) });
      expect((await getOne(fashion.id)).statusCode).toBe(404);
      expect((await getOne(shirts.id)).statusCode).toBe(404);
      expect(await counts()).toEqual({ roots: 1, subs: 1 });
      expect(await list()).toEqual([{ ...kids, children: [asChild(toys)] }]);
    });

    it('lets the owner delete a single sub category and keeps its parent and siblings', async () => {
      const fashion = await createRoot('Fashion');
      const shirts = await createSub('Shirts', fashion.id);
      const shoes = await createSub('Shoes', fashion.id);
      const res = await remove(shirts.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Category Deleted!', trashId: expect.any(String) });
      expect(await counts()).toEqual({ roots: 1, subs: 1 });
      expect(await list()).toEqual([{ ...fashion, children: [asChild(shoes)] }]);
    });

    it('refuses deletion by an administrator who is not the owner with 403 and deletes nothing', async () => {
      const other = await createAdmin(t, 'second@shop.test');
      const fashion = await createRoot('Fashion');
      const shirts = await createSub('Shirts', fashion.id);
      for (const id of [fashion.id, shirts.id]) {
        const res = await remove(id, other.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: true, msg: 'Only Admin can delete Category' });
      }
      expect(await list()).toEqual([{ ...fashion, children: [asChild(shirts)] }]);
    });

    it('lets an administrator who is not the owner create and edit categories', async () => {
      const other = await createAdmin(t, 'second@shop.test');
      const created = await create({ name: 'Garden', color: 'green', images: [imageA] }, other.token);
      expect(created.statusCode).toBe(201);
      const edited = await update(
        created.json().id,
        { name: 'Garden tools', color: 'green', images: [imageA] },
        other.token,
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Garden tools', slug: 'Garden tools' });
    });

    it('answers 404 when the owner deletes an unknown category', async () => {
      const res = await remove('0123456789abcdef01234567');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Category not found' });
    });
  });

  describe('sign-in', () => {
    it.each([
      ['GET', `${base}/`],
      ['GET', `${base}/get/count`],
      ['GET', `${base}/subCat/get/count`],
      ['GET', `${base}/0123456789abcdef01234567`],
      ['POST', `${base}/create`],
      ['PUT', `${base}/0123456789abcdef01234567`],
      ['DELETE', `${base}/0123456789abcdef01234567`],
      ['POST', `${base}/upload`],
      ['DELETE', `${base}/deleteImage?img=${encodeURIComponent(imageA)}`],
    ] as const)('answers %s %s without a token with 401 "Please sign in"', async (method, url) => {
      const payload = method === 'POST' || method === 'PUT' ? { name: 'X', color: 'red', images: [imageA] } : undefined;
      const res = await t.request({ method, url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, msg: 'Please sign in' });
    });

    it('answers a request with an invalid token with 401 and stores nothing', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${base}/create`,
        headers: bearer('not-a-real-token'),
        payload: { name: 'X', color: 'red', images: [imageA] },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, msg: 'Please sign in' });
      expect(await list()).toEqual([]);
    });
  });

  describe('images', () => {
    const upload = async () => {
      const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const res = await t.request({
        method: 'POST',
        url: `${base}/upload`,
        ...multipartBody([{ filename: 'swatch.png', type: 'image/png', data: png }], token),
      });
      expect(res.statusCode).toBe(200);
      const urls = res.json() as string[];
      expect(urls).toHaveLength(1);
      const url = urls[0]!;
      expect(url).toMatch(/\/uploads\/categories\/[0-9a-f]{24}\.png$/);
      const name = url.split('/').pop()!;
      return { url, file: path.join(t.config.uploadsDir, 'categories', name) };
    };
    const deleteImage = (url: string) =>
      t.request({
        method: 'DELETE',
        url: `${base}/deleteImage?img=${encodeURIComponent(url)}`,
        headers: bearer(token),
      });

    it('stores an uploaded PNG under /uploads/categories/ and answers its URL', async () => {
      const { url, file } = await upload();
      expect(fs.existsSync(file)).toBe(true);
      const served = await t.request({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const store = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
      expect(store.json()).toEqual([{ _id: expect.any(String), id: expect.any(String), images: [url] }]);
    });

    it('refuses a file that is not an image with 415 and stores nothing', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${base}/upload`,
        ...multipartBody(
          [{ filename: 'fake.png', type: 'image/png', data: Buffer.from('not a picture at all') }],
          token,
        ),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: true, msg: 'Please select a valid JPG or PNG image file.' });
      const folder = path.join(t.config.uploadsDir, 'categories');
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    });

    it('deletes an uploaded image that no category uses, from the store and from disk', async () => {
      const { url, file } = await upload();
      const res = await deleteImage(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      expect(fs.existsSync(file)).toBe(false);
      const store = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
      expect(store.json()).toEqual([]);
    });

    it('keeps the file of an image that a saved category still uses', async () => {
      const { url, file } = await upload();
      const category = await createRoot('Fashion', 'red', [url]);
      const res = await deleteImage(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      expect(fs.existsSync(file)).toBe(true);
      expect((await getOne(category.id)).json().categoryData[0].images).toEqual([url]);
      const store = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
      expect(store.json()).toEqual([]);
    });
  });
});
