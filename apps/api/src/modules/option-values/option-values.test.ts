import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

interface Family {
  name: string;
  path: string;
  field: string;
  emptyMessage: string;
}

// Written out, not imported: these are what clients of the API rely on (api.md §5, spec §5).
const families: Family[] = [
  { name: 'RAM', path: '/api/productRAMS', field: 'productRam', emptyMessage: 'Please add Product RAM' },
  {
    name: 'WEIGHT',
    path: '/api/productWeight',
    field: 'productWeight',
    emptyMessage: 'Please add Product Weight',
  },
  { name: 'SIZE', path: '/api/productSIZE', field: 'size', emptyMessage: 'Please add Product size' },
];

const unknownId = '0123456789abcdef01234567';

describe.each(families)(`option values $name ($path, ${engineName})`, ({ path, field, emptyMessage }) => {
  let t: TestApp;
  let token: string;
  const others = families.filter((family) => family.path !== path);

  beforeEach(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterEach(() => t.close());

  const create = (payload: Record<string, unknown>, at = path) =>
    t.request({ method: 'POST', url: `${at}/create`, headers: bearer(token), payload });
  const createValue = async (value: string) => {
    const res = await create({ [field]: value });
    expect(res.statusCode).toBe(201);
    return res.json() as Record<string, string> & { id: string };
  };
  const getOne = (id: string, at = path) => t.request({ method: 'GET', url: `${at}/${id}`, headers: bearer(token) });
  const list = async (at = path) => {
    const res = await t.request({ method: 'GET', url: `${at}/`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as unknown[];
  };
  const update = (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `${path}/${id}`, headers: bearer(token), payload });
  const remove = (id: string, as = token, at = path) =>
    t.request({ method: 'DELETE', url: `${at}/${id}`, headers: bearer(as) });

  it(`creates a value: 201 {id, _id, ${field}} with the value trimmed`, async () => {
    const res = await create({ [field]: '  16 GB ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), _id: body.id, [field]: '16 GB' });
    const read = await getOne(body.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it('ignores a client-chosen id in the create body', async () => {
    const res = await create({ [field]: 'L', id: 'mine', _id: 'mine' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe('mine');
    expect((await getOne('mine')).statusCode).toBe(404);
  });

  it.each([
    ['empty', { [field]: '' }],
    ['blank', { [field]: '   ' }],
    ['null', { [field]: null }],
    ['missing', {}],
  ])(`refuses a %s value with 400 "${emptyMessage}" and stores nothing`, async (_, payload) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, msg: emptyMessage, fields: { [field]: emptyMessage } });
    expect(await list()).toEqual([]);
  });

  it("refuses a value sent under another family's field name with this family's message", async () => {
    const payload = Object.fromEntries(others.map((other) => [other.field, 'XL']));
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: emptyMessage });
    expect(await list()).toEqual([]);
  });

  it('refuses a value that already exists, whatever its case, with 409', async () => {
    const first = await createValue('8GB');
    const res = await create({ [field]: ' 8gb ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: true, msg: '"8gb" already exists' });
    expect(await list()).toEqual([first]);
  });

  it('allows the same value in the other families', async () => {
    const mine = await createValue('XL');
    for (const other of others) {
      const res = await create({ [other.field]: 'XL' }, other.path);
      expect(res.statusCode).toBe(201);
      expect(await list(other.path)).toEqual([res.json()]);
    }
    expect(await list()).toEqual([mine]);
  });

  it('lists the values in creation order, and an empty list when there are none', async () => {
    expect(await list()).toEqual([]);
    const zed = await createValue('Zed');
    const alpha = await createValue('Alpha');
    const mid = await createValue('Mid');
    expect(await list()).toEqual([zed, alpha, mid]);
  });

  it('answers 404 for an unknown id and for the id of another family', async () => {
    const res = await getOne(unknownId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Item not found' });

    const other = others[0]!;
    const foreign = await create({ [other.field]: 'M' }, other.path);
    expect(foreign.statusCode).toBe(201);
    const crossRead = await getOne(foreign.json().id);
    expect(crossRead.statusCode).toBe(404);
    expect(crossRead.json()).toEqual({ error: true, msg: 'Item not found' });
  });

  it('updates a value: 200 with the new value, and reads it back', async () => {
    const value = await createValue('4GB');
    const res = await update(value.id, { [field]: ' 6GB ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: value.id, _id: value.id, [field]: '6GB' });
    expect((await getOne(value.id)).json()).toEqual({ id: value.id, _id: value.id, [field]: '6GB' });
  });

  it('refuses renaming a value onto another existing value with 409, and allows its own value in another case', async () => {
    const small = await createValue('Small');
    const large = await createValue('Large');
    const clash = await update(small.id, { [field]: 'LARGE' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: true, msg: '"LARGE" already exists' });
    expect(await list()).toEqual([small, large]);

    const recased = await update(small.id, { [field]: 'SMALL' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toEqual({ id: small.id, _id: small.id, [field]: 'SMALL' });
  });

  it(`refuses an update to an empty value with 400 "${emptyMessage}" and keeps the value`, async () => {
    const value = await createValue('2GB');
    for (const payload of [{ [field]: '' }, { [field]: '  ' }, {}]) {
      const res = await update(value.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, msg: emptyMessage, fields: { [field]: emptyMessage } });
    }
    expect((await getOne(value.id)).json()).toEqual(value);
  });

  it('answers 404 when updating an unknown value', async () => {
    const res = await update(unknownId, { [field]: 'New' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Item not found' });
  });

  it('deletes a value: 200 "Item Deleted!", then 404 on read and on a second delete', async () => {
    const keep = await createValue('Keep');
    const value = await createValue('Gone');
    const res = await remove(value.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Item Deleted!', trashId: expect.any(String) });
    expect((await getOne(value.id)).statusCode).toBe(404);
    const again = await remove(value.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: true, msg: 'Item not found' });
    expect(await list()).toEqual([keep]);
  });

  it("does not delete a value through another family's path", async () => {
    const value = await createValue('Stay');
    const res = await remove(value.id, token, others[0]!.path);
    expect(res.statusCode).toBe(404);
    expect(await list()).toEqual([value]);
  });

  it('lets an administrator who is not the owner delete a value', async () => {
    const other = await createAdmin(t, 'second@shop.test');
    const value = await createValue('Shared');
    const res = await remove(value.id, other.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Item Deleted!', trashId: expect.any(String) });
    expect(await list()).toEqual([]);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/:id'],
    ['POST', '/create'],
    ['PUT', '/:id'],
    ['DELETE', '/:id'],
  ] as const)('answers %s %s without a token with 401 "Please sign in" and changes nothing', async (method, url) => {
    const value = await createValue('Existing');
    const payload = method === 'POST' || method === 'PUT' ? { [field]: 'New' } : undefined;
    const target = url.replace(':id', value.id);
    const res = await t.request({ method, url: `${path}${target}`, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: true, msg: 'Please sign in' });
    expect(await list()).toEqual([value]);
  });
});
