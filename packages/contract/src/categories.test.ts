import { describe, expect, it } from 'vitest';
import {
  categoryBodySchema,
  categoryCountSchema,
  categoryFormSchema,
  categorySchema,
  subCategoryFormSchema,
} from './categories';
import { fieldMessages, firstMessage } from './common';

const fillAll = 'Please fill all the details';
const image = 'https://shop.test/uploads/categories/0123456789abcdef01234567.png';

/** The messages a failed parse shows, or undefined when it passes. */
function failure(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { success: boolean; error?: Parameters<typeof firstMessage>[0] };
  if (result.success) return undefined;
  return { first: firstMessage(result.error!), fields: fieldMessages(result.error!) };
}

describe('categoryFormSchema (Add and Edit Category)', () => {
  it('accepts a name, a colour and at least one image, trimming the text', () => {
    expect(categoryFormSchema.parse({ name: '  Fashion ', color: ' #ff0000 ', images: [image] })).toEqual({
      name: 'Fashion',
      color: '#ff0000',
      images: [image],
    });
  });

  it.each([
    ['the name is missing', { color: 'red', images: [image] }, 'name'],
    ['the name is blank', { name: '   ', color: 'red', images: [image] }, 'name'],
    ['the name is null', { name: null, color: 'red', images: [image] }, 'name'],
    ['the colour is missing', { name: 'Fashion', images: [image] }, 'color'],
    ['the colour is blank', { name: 'Fashion', color: ' ', images: [image] }, 'color'],
    ['the images are missing', { name: 'Fashion', color: 'red' }, 'images'],
    ['the image list is empty', { name: 'Fashion', color: 'red', images: [] }, 'images'],
    ['the images are not a list', { name: 'Fashion', color: 'red', images: image }, 'images'],
  ])('says "Please fill all the details" when %s', (_, value, field) => {
    expect(failure(categoryFormSchema, value)).toEqual({ first: fillAll, fields: { [field]: fillAll } });
  });

  it('reports every missing field with the same message, name first', () => {
    expect(failure(categoryFormSchema, {})).toEqual({
      first: fillAll,
      fields: { name: fillAll, color: fillAll, images: fillAll },
    });
  });

  it('does not keep fields outside the form', () => {
    const parsed = categoryFormSchema.parse({
      name: 'Fashion',
      color: 'red',
      images: [image],
      id: 'x',
      slug: 'other',
      parentId: 'p',
    });
    expect(parsed).toEqual({ name: 'Fashion', color: 'red', images: [image] });
  });
});

describe('subCategoryFormSchema (Add Sub Category)', () => {
  it('accepts a parent and a name, trimmed', () => {
    expect(subCategoryFormSchema.parse({ parentId: ' abc ', name: ' Shirts ' })).toEqual({
      parentId: 'abc',
      name: 'Shirts',
    });
  });

  it.each([
    ['the parent is missing', { name: 'Shirts' }, 'parentId'],
    ['the parent is blank', { parentId: '  ', name: 'Shirts' }, 'parentId'],
    ['the name is missing', { parentId: 'abc' }, 'name'],
    ['the name is blank', { parentId: 'abc', name: '' }, 'name'],
  ])('says "Please fill all the details" when %s', (_, value, field) => {
    expect(failure(subCategoryFormSchema, value)).toEqual({ first: fillAll, fields: { [field]: fillAll } });
  });

  it('needs neither a colour nor images', () => {
    expect(subCategoryFormSchema.safeParse({ parentId: 'abc', name: 'Shirts' }).success).toBe(true);
  });
});

describe('category wire schemas', () => {
  it('lets any object through to the service, which applies the form rules', () => {
    expect(categoryBodySchema.parse({ name: 1, images: 'x' })).toEqual({ name: 1, images: 'x' });
  });

  it('treats a missing body as an empty one, so the form messages apply', () => {
    expect(categoryBodySchema.parse(null)).toEqual({});
    expect(categoryBodySchema.safeParse('text').success).toBe(false);
  });

  it('describes a category with its children, parentId optional', () => {
    const sub = { _id: 's', id: 's', name: 'Shirts', slug: 'Shirts', color: '', images: [], parentId: 'r' };
    const root = {
      _id: 'r',
      id: 'r',
      name: 'Fashion',
      slug: 'Fashion',
      color: 'red',
      images: [image],
      children: [sub],
    };
    expect(categorySchema.parse(root)).toEqual(root);
    expect(categorySchema.safeParse({ ...root, children: undefined }).success).toBe(false);
  });

  it('counts are whole numbers from 0', () => {
    expect(categoryCountSchema.parse({ categoryCount: 0 })).toEqual({ categoryCount: 0 });
    expect(categoryCountSchema.safeParse({ categoryCount: -1 }).success).toBe(false);
    expect(categoryCountSchema.safeParse({ categoryCount: 1.5 }).success).toBe(false);
  });
});
