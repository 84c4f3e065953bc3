import { describe, expect, it } from 'vitest';
import { bannerFormSchema } from './banners';
import { firstMessage } from './common';
import { imageList, inputMessages, isStorableText, isUploadPath, isUploadReference } from './input-rules';
import { orderBodySchema } from './orders';
import { reviewBodySchema, reviewMessages } from './reviews';

const upload = '/uploads/banners/0123456789abcdef01234567.jpg';
const messageOf = (schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : firstMessage(result.error as Parameters<typeof firstMessage>[0]);
};

describe('isStorableText', () => {
  it('takes any well-formed text, pairs of surrogates (emoji) included', () => {
    for (const text of ['', 'plain', 'Ω≈ç√', '𝕊𝕙𝕠𝕡 🛒', '\uFEFF', 'tab\tand\nnewline'])
      expect(isStorableText(text)).toBe(true);
  });

  it('refuses a lone surrogate of either half, and NUL', () => {
    for (const text of ['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '🛒'.slice(0, 1), '\u0000', 'a\u0000b'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('upload references', () => {
  it('are the pipeline’s names under /uploads, as a path or behind an origin', () => {
    expect(isUploadPath(upload)).toBe(true);
    expect(isUploadPath('/uploads/users/0123456789abcdef01234567.small.webp')).toBe(true);
    expect(isUploadReference(`https://shop.example.com${upload}`)).toBe(true);
    expect(isUploadReference(`https://shop.example.com/admin${upload}`)).toBe(true);
    expect(isUploadPath(`https://shop.example.com${upload}`)).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'https://cdn.example/x.png',
    '/uploads/../jwt-secret',
    '/uploads/products/galaxy.png',
    `${upload}?x=1`,
    `//evil.test${upload}`,
    `https://user@evil.test${upload}`,
    ` ${upload}`,
  ])('%j is not one', (text) => {
    expect(isUploadReference(text)).toBe(false);
  });

  it('imageList answers URLs for objects holding them, and refuses what it cannot read', () => {
    const schema = imageList('pick one');
    expect(schema.parse([upload, { img: upload, id: 'x' }, { url: upload }])).toEqual([upload, upload, upload]);
    expect(messageOf(schema, [{ src: upload }])).toBe('pick one');
    expect(messageOf(schema, [[upload]])).toBe('pick one');
    expect(messageOf(schema, upload)).toBe('pick one');
    expect(messageOf(schema, ['https://evil.test/a.png'])).toBe(inputMessages.imageNotUploaded);
  });
});

describe('orders: no list or object becomes text (issue 17)', () => {
  const body = {
    name: 'Ravi',
    phoneNumber: '98765',
    address: '12 MG Road',
    pincode: '560001',
    email: 'ravi@customer.test',
    products: [{ productId: 'p1', quantity: 1 }],
  };

  it('refuses userid [1,"a",null] instead of storing "1,a,"', () => {
    expect(messageOf(orderBodySchema, { ...body, userid: [1, 'a', null] })).toBe(inputMessages.notText);
    expect(orderBodySchema.parse({ ...body, userid: 'u-1' }).userid).toBe('u-1');
  });

  it('refuses an e-mail that is not an address', () => {
    expect(messageOf(orderBodySchema, { ...body, email: '<script>alert(1)</script>' })).toBe(
      inputMessages.emailInvalid,
    );
  });

  it('refuses quantities that only Number() would call numbers', () => {
    for (const quantity of [[2], true, null, '', {}])
      expect(messageOf(orderBodySchema, { ...body, products: [{ productId: 'p1', quantity }] })).toBe(
        'quantity must be a whole number, 1 or more',
      );
  });
});

describe('reviews: no list or flag passes as an id or a rating', () => {
  const review = { productId: 'p1', customerName: 'Asha', review: 'Good', customerRating: 4 };

  it('refuses a customerId list and ratings Number() alone would accept', () => {
    expect(messageOf(reviewBodySchema, { ...review, customerId: [1, 'a', null] })).toBe(inputMessages.notText);
    for (const customerRating of [[4], true, null, ''])
      expect(messageOf(reviewBodySchema, { ...review, customerRating }), JSON.stringify(customerRating)).toBe(
        reviewMessages.rating,
      );
    expect(reviewBodySchema.parse({ ...review, customerId: 7, customerRating: '4.5' })).toMatchObject({
      customerId: '7',
      customerRating: 4.5,
    });
  });
});

describe('banners: a sub category needs its category', () => {
  it('refuses an empty catId beside a subCatId', () => {
    expect(messageOf(bannerFormSchema, { images: [upload], catId: '', subCatId: 's1' })).toBe(
      'please select a category',
    );
    expect(bannerFormSchema.parse({ images: [upload], catId: 'c1', subCatId: 's1' })).toMatchObject({ catId: 'c1' });
    expect(bannerFormSchema.parse({ images: [upload] })).toMatchObject({ catId: '', subCatId: '' });
  });

  it('refuses ids given as lists', () => {
    expect(messageOf(bannerFormSchema, { images: [upload], catId: ['c1'] })).toBe('invalid Category!');
  });
});
