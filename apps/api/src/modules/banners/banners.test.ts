import fs from 'node:fs';
import path from 'node:path';
import { type Banner, type BannerFamily, bannerFamilies, bannerFamilyNames, inputMessages } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryRecord,
  createCategory,
  createNonAdminToken,
  createSecondAdmin,
  createSubCategory,
  imagePath,
  imageUrl,
  multipartUpload,
  notAdmin,
  pleaseSignIn,
  pngImage,
  routeName,
} from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const objectId = /^[0-9a-f]{24}$/;
const fillAll = 'Please fill all the details';
const unknownId = '0123456789abcdef01234567';

/** The four families, with the words api.md §2 and §6 give them. */
const families: Array<[family: BannerFamily, path: string, folder: string, deleted: string, onlyOwner: string]> = [
  ['homeBanner', '/api/homeBanner', 'slides', 'Slide Deleted!', 'Only Admin can delete slide'],
  ['banners', '/api/banners', 'banners', 'Banner Deleted!', 'Only Admin can delete Banner'],
  ['homeSideBanners', '/api/homeSideBanners', 'sidebanners', 'Banner Deleted!', 'Only Admin can delete Banner'],
  ['homeBottomBanners', '/api/homeBottomBanners', 'bottombanners', 'Banner Deleted!', 'Only Admin can delete Banner'],
];

describe(`banner families (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let second: string;
  let nonAdmin: string;
  let fashion: CategoryRecord;
  let shirts: CategoryRecord;
  let phones: CategoryRecord;
  let electronics: CategoryRecord;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    second = (await createSecondAdmin(t)).token;
    nonAdmin = await createNonAdminToken(t);
    fashion = await createCategory(t, token, 'Fashion');
    shirts = await createSubCategory(t, token, 'Shirts', fashion.id);
    electronics = await createCategory(t, token, 'Electronics');
    phones = await createSubCategory(t, token, 'Phones', electronics.id);
  });
  afterAll(() => t.close());

  it('the table above matches the shared family definitions', () => {
    expect(families.map(([family]) => family)).toEqual(bannerFamilyNames);
    for (const [family, apiPath, folder, deleted, onlyOwner] of families) {
      expect(bannerFamilies[family]).toMatchObject({ apiPath, folder, deleted, onlyOwner });
    }
  });

  describe.each(families)('%s (%s)', (family, base, folder, deletedMessage, onlyOwnerMessage) => {
    const hasCategory = family !== 'homeBanner';
    const created: Banner[] = [];

    const create = (payload: unknown, as = token) =>
      t.request({
        method: 'POST',
        url: `${base}/create`,
        headers: bearer(as),
        payload: payload as InjectOptions['payload'],
      });
    const update = (id: string, payload: Record<string, unknown>, as = token) =>
      t.request({ method: 'PUT', url: `${base}/${id}`, headers: bearer(as), payload });
    const getOne = (id: string) => t.request({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
    const list = async () => {
      const res = await t.request({ method: 'GET', url: `${base}/`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json() as Banner[];
    };
    const remove = (id: string, as = token) =>
      t.request({ method: 'DELETE', url: `${base}/${id}`, headers: bearer(as) });
    const make = async (payload: Record<string, unknown>) => {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(201);
      const banner = res.json() as Banner;
      created.push(banner);
      return banner;
    };

    it('lists nothing at first', async () => {
      expect(await list()).toEqual([]);
    });

    it('creates with images: 201 and the record (names looked up, never taken from the body)', async () => {
      const images = [imageUrl('one', folder), imageUrl('two', folder)];
      const res = await create({
        images,
        catId: fashion.id,
        catName: 'Wrong name',
        subCat: 'Wrong sub',
        subCatId: shirts.id,
        subCatName: 'Wrong sub',
        category: fashion.id,
        id: 'client-id',
      });
      expect(res.statusCode).toBe(201);
      const banner = res.json() as Banner;
      created.push(banner);
      expect(banner.id).toMatch(objectId);
      const expected = hasCategory
        ? {
            id: banner.id,
            _id: banner.id,
            images,
            catId: fashion.id,
            catName: 'Fashion',
            subCat: 'Shirts',
            subCatId: shirts.id,
            subCatName: 'Shirts',
          }
        : { id: banner.id, _id: banner.id, images };
      expect(banner).toEqual(expected);
      const read = await getOne(banner.id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(expected);
    });

    it('creates with images only', async () => {
      const banner = await make({ images: [imageUrl('plain', folder)] });
      expect(banner).toEqual(
        hasCategory
          ? {
              id: banner.id,
              _id: banner.id,
              images: [imageUrl('plain', folder)],
              catId: '',
              catName: '',
              subCat: '',
              subCatId: '',
              subCatName: '',
            }
          : { id: banner.id, _id: banner.id, images: [imageUrl('plain', folder)] },
      );
    });

    it.each([
      ['no images', {}],
      ['an empty image list', { images: [] }],
      ['images that are not a list', { images: imageUrl('a', folder) }],
      ['a null image list', { images: null }],
    ])('refuses %s with 400 "Please fill all the details" and stores nothing', async (_, payload) => {
      const before = await list();
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: fillAll });
      expect(await list()).toEqual(before);
    });

    it('refuses an empty image URL with 400 "Please fill all the details" and stores nothing', async () => {
      const before = await list();
      const res = await create({ images: [''] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: fillAll });
      expect(await list()).toEqual(before);
    });

    it.each([
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
      ['another site’s image', 'https://cdn.example/banner.png'],
      ['another origin’s /uploads/ path', `https://cdn.example${imagePath('x', folder)}`],
    ])('refuses %s: images are this shop’s uploads (issue 17)', async (_, image) => {
      const before = await list();
      const res = await create({ images: [imageUrl('ok', folder), image] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: inputMessages.imageNotUploaded });
      expect(await list()).toEqual(before);
    });

    it('takes images as objects holding the URL under img or url (existing clients), answers URLs', async () => {
      const res = await create({
        images: [{ id: 'a', img: imageUrl('obj-1', folder) }, { url: imagePath('obj-2', folder) }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().images).toEqual([imageUrl('obj-1', folder), imageUrl('obj-2', folder)]);
      created.push(res.json());
    });

    if (hasCategory) {
      it.each([
        ['an unknown catId', { catId: unknownId }, 'invalid Category!'],
        ['a sub category as catId', { catId: 'SUB' }, 'invalid Category!'],
        ['an unknown subCatId', { catId: 'ROOT', subCatId: unknownId }, 'invalid Sub Category!'],
        ['a root category as subCatId', { catId: 'ROOT', subCatId: 'ROOT' }, 'invalid Sub Category!'],
        ['a sub category of another category', { catId: 'ROOT', subCatId: 'OTHER' }, 'invalid Sub Category!'],
      ])('refuses %s with 404 and stores nothing', async (_, override, message) => {
        const before = await list();
        const ids: Record<string, string> = { SUB: shirts.id, ROOT: fashion.id, OTHER: phones.id };
        const resolved = Object.fromEntries(Object.entries(override).map(([k, v]) => [k, ids[v] ?? v]));
        const res = await create({ images: [imageUrl('x', folder)], ...resolved });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: true, msg: message });
        expect(await list()).toEqual(before);
      });

      it.each([
        ['an empty catId beside a real subCatId', { catId: '', subCatId: 'SUB' }, 'please select a category'],
        ['no catId beside a real subCatId', { subCatId: 'SUB' }, 'please select a category'],
        ['a catId given as a list', { catId: ['ROOT'] }, 'invalid Category!'],
      ])('refuses %s with 400 and stores nothing (issue 17)', async (_, override, message) => {
        const before = await list();
        const ids: Record<string, string> = { SUB: shirts.id, ROOT: fashion.id };
        const resolved = Object.fromEntries(
          Object.entries(override).map(([k, v]) => [k, typeof v === 'string' ? (ids[v] ?? v) : v]),
        );
        const res = await create({ images: [imageUrl('x', folder)], ...resolved });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: true, msg: message });
        expect(await list()).toEqual(before);
      });
    } else {
      it('ignores category fields: a slide is {id, _id, images} whatever the body says', async () => {
        const banner = await make({ images: [imageUrl('s', folder)], catId: unknownId, subCatId: unknownId });
        expect(banner).toEqual({ id: banner.id, _id: banner.id, images: [imageUrl('s', folder)] });
      });
    }

    it('GET / lists this family’s records (and only them) in creation order', async () => {
      expect(await list()).toEqual(created);
    });

    it('GET /:id answers 404 for an unknown id, and for an id of another family', async () => {
      const res = await getOne(unknownId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Not found' });
      const otherBase = family === 'banners' ? '/api/homeBanner' : '/api/banners';
      const other = await t.request({
        method: 'POST',
        url: `${otherBase}/create`,
        headers: bearer(token),
        payload: { images: [imageUrl('other')] },
      });
      expect(other.statusCode).toBe(201);
      expect((await getOne(other.json().id)).statusCode).toBe(404);
      expect((await remove(other.json().id)).statusCode).toBe(404);
      const cleanup = await t.request({
        method: 'DELETE',
        url: `${otherBase}/${other.json().id}`,
        headers: bearer(token),
      });
      expect(cleanup.statusCode).toBe(200);
    });

    it('PUT replaces images and categories: 200 the record, GET shows it', async () => {
      const banner = await make({ images: [imageUrl('before', folder)], catId: fashion.id });
      const res = await update(banner.id, {
        images: [imageUrl('after', folder)],
        catId: electronics.id,
        subCatId: phones.id,
      });
      expect(res.statusCode).toBe(200);
      const expected = hasCategory
        ? {
            id: banner.id,
            _id: banner.id,
            images: [imageUrl('after', folder)],
            catId: electronics.id,
            catName: 'Electronics',
            subCat: 'Phones',
            subCatId: phones.id,
            subCatName: 'Phones',
          }
        : { id: banner.id, _id: banner.id, images: [imageUrl('after', folder)] };
      expect(res.json()).toEqual(expected);
      expect((await getOne(banner.id)).json()).toEqual(expected);
      created[created.findIndex((b) => b.id === banner.id)] = expected;
      expect(await list()).toEqual(created);
    });

    it('PUT by another administrator is allowed', async () => {
      const banner = await make({ images: [imageUrl('a', folder)] });
      const res = await update(banner.id, { images: [imageUrl('b', folder)] }, second);
      expect(res.statusCode).toBe(200);
      expect(res.json().images).toEqual([imageUrl('b', folder)]);
      created[created.findIndex((b) => b.id === banner.id)] = res.json();
    });

    it('PUT refuses an empty image list with 400 and keeps the record', async () => {
      const banner = created[0]!;
      const res = await update(banner.id, { images: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: fillAll });
      expect((await getOne(banner.id)).json()).toEqual(banner);
    });

    it('PUT on an unknown id answers 404', async () => {
      const res = await update(unknownId, { images: [imageUrl('a', folder)] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Not found' });
    });

    if (hasCategory) {
      it('a renamed category is copied to the banner', async () => {
        const toys = await createCategory(t, token, `Toys ${family}`);
        const banner = await make({ images: [imageUrl('t', folder)], catId: toys.id });
        const rename = await t.request({
          method: 'PUT',
          url: `/api/category/${toys.id}`,
          headers: bearer(token),
          payload: { name: `Games ${family}`, color: toys.color, images: toys.images },
        });
        expect(rename.statusCode).toBe(200);
        expect((await getOne(banner.id)).json()).toMatchObject({ catId: toys.id, catName: `Games ${family}` });
        created[created.findIndex((b) => b.id === banner.id)] = (await getOne(banner.id)).json();
      });
    }

    it(`another administrator may not delete: 403 "${onlyOwnerMessage}", the record stays`, async () => {
      const banner = created[0]!;
      const res = await remove(banner.id, second);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, msg: onlyOwnerMessage });
      expect((await getOne(banner.id)).json()).toEqual(banner);
    });

    it(`the owner deletes: 200 {success:true, message:"${deletedMessage}"}`, async () => {
      const banner = created.shift()!;
      const res = await remove(banner.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: deletedMessage, trashId: expect.any(String) });
      expect((await getOne(banner.id)).statusCode).toBe(404);
      expect(await list()).toEqual(created);
      const again = await remove(banner.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: true, msg: 'Not found' });
    });

    it(`uploads a PNG under /uploads/${folder}/ and deletes it again`, async () => {
      const res = await t.request(multipartUpload(`${base}/upload`, token, [await pngImage()]));
      expect(res.statusCode, res.body).toBe(200);
      const urls = res.json() as string[];
      expect(urls).toHaveLength(1);
      expect(urls[0]).toMatch(new RegExp(`^https?://[^/]+/uploads/${folder}/[0-9a-f]{24}\\.png$`));
      const filePath = new URL(urls[0]!).pathname.replace(/^\/uploads\//, '');
      const file = path.join(t.config.uploadsDir, filePath);
      expect(fs.existsSync(file)).toBe(true);
      const served = await t.request({ method: 'GET', url: new URL(urls[0]!).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const store = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
      expect(store.json().flatMap((entry: { images: string[] }) => entry.images)).toContain(urls[0]);

      const del = await t.request({
        method: 'DELETE',
        url: `${base}/deleteImage?img=${encodeURIComponent(urls[0]!)}`,
        headers: bearer(token),
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      expect(fs.existsSync(file)).toBe(false);
      const after = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
      expect(after.json().flatMap((entry: { images: string[] }) => entry.images)).not.toContain(urls[0]);
    });

    it('deleteImage keeps a file that a saved record still uses', async () => {
      const res = await t.request(multipartUpload(`${base}/upload`, token, [await pngImage()]));
      expect(res.statusCode).toBe(200);
      const [url] = res.json() as string[];
      await make({ images: [url] });
      const del = await t.request({
        method: 'DELETE',
        url: `${base}/deleteImage?img=${encodeURIComponent(url!)}`,
        headers: bearer(token),
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      const file = path.join(t.config.uploadsDir, new URL(url!).pathname.replace(/^\/uploads\//, ''));
      expect(fs.existsSync(file)).toBe(true);
    });

    it('upload refuses a file that is not an image with 415', async () => {
      const res = await t.request(multipartUpload(`${base}/upload`, token, [Buffer.from('not an image at all')]));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: true, msg: 'Please select a valid JPG or PNG image file.' });
    });

    it('every route refuses an anonymous caller with 401 and a non-admin with 403', async () => {
      const id = created[0]?.id ?? unknownId;
      const routes: InjectOptions[] = [
        { method: 'GET', url: `${base}/` },
        { method: 'GET', url: `${base}/${id}` },
        { method: 'POST', url: `${base}/create`, payload: { images: [imageUrl('z')] } },
        { method: 'PUT', url: `${base}/${id}`, payload: { images: [imageUrl('z')] } },
        { method: 'DELETE', url: `${base}/${id}` },
        { method: 'POST', url: `${base}/upload` },
        { method: 'DELETE', url: `${base}/deleteImage?img=${encodeURIComponent(imageUrl('z', folder))}` },
      ];
      const before = await list();
      for (const route of routes) {
        const anonymous = await t.request(route);
        expect(anonymous.statusCode, routeName(route)).toBe(401);
        expect(anonymous.json(), routeName(route)).toEqual(pleaseSignIn);
        const wrongUser = await t.request({ ...route, headers: bearer(nonAdmin) });
        expect(wrongUser.statusCode, routeName(route)).toBe(403);
        expect(wrongUser.json(), routeName(route)).toEqual(notAdmin);
      }
      expect(await list()).toEqual(before);
    });
  });
});
