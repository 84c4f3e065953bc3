import { describe, expect, it } from 'vitest';
import { fieldMessages, firstMessage } from './common';
import {
  bestSellersQuerySchema,
  orderBodySchema,
  orderListQuerySchema,
  orderMessages,
  orderStatuses,
  salesQuerySchema,
} from './orders';

function failure(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { success: boolean; error?: Parameters<typeof firstMessage>[0] };
  if (result.success) return undefined;
  return { first: firstMessage(result.error!), fields: fieldMessages(result.error!) };
}

const line = {
  productId: 'p1',
  productTitle: 'Galaxy Phone',
  image: 'https://shop.test/uploads/products/0123456789abcdef01234567.png',
  quantity: 2,
  price: 10,
};
const body = {
  paymentId: 'pay_1',
  name: 'Ravi',
  phoneNumber: '98765',
  address: '12 MG Road',
  pincode: '560001',
  email: 'ravi@customer.test',
  userid: 'u1',
  products: [line],
};

describe('orderStatuses', () => {
  it('are the spec’s four values, none included', () => {
    expect(orderStatuses).toEqual(['pending', 'confirm', 'delivered', '']);
  });
});

describe('orderBodySchema', () => {
  it('accepts an order, defaults the status to pending and drops client totals', () => {
    const parsed = orderBodySchema.parse({ ...body, amount: 999, products: [{ ...line, subTotal: 999 }] });
    expect(parsed).toEqual({ ...body, status: 'pending', products: [line] });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed.products[0]).not.toHaveProperty('subTotal');
  });

  it('a line may leave the price out (the server charges the catalogue price)', () => {
    const { price: _price, ...noPrice } = line;
    const parsed = orderBodySchema.parse({ ...body, products: [noPrice] });
    expect(parsed.products[0]).toEqual(noPrice);
    expect(parsed.products[0]).not.toHaveProperty('price');
  });

  it('a null status also means pending; every listed status is kept', () => {
    expect(orderBodySchema.parse({ ...body, status: null }).status).toBe('pending');
    for (const status of orderStatuses) expect(orderBodySchema.parse({ ...body, status }).status).toBe(status);
  });

  it('coerces numbers sent as text and accepts numeric phone and pincode', () => {
    const parsed = orderBodySchema.parse({
      ...body,
      phoneNumber: 98765,
      pincode: 560001,
      products: [{ ...line, quantity: '3', price: '9.5' }],
    });
    expect(parsed).toMatchObject({ phoneNumber: '98765', pincode: '560001', products: [{ quantity: 3, price: 9.5 }] });
  });

  it('fills optional text with empty strings', () => {
    const { paymentId: _p, userid: _u, ...rest } = body;
    const parsed = orderBodySchema.parse({ ...rest, products: [{ productId: 'p1', quantity: 1, price: 0 }] });
    expect(parsed).toMatchObject({ paymentId: '', userid: '', products: [{ productTitle: '', image: '' }] });
  });

  it.each(['name', 'phoneNumber', 'address', 'pincode', 'email'])(
    'says "Please fill all the details" without %s',
    (field) => {
      for (const value of [undefined, null, '', '  ']) {
        expect(failure(orderBodySchema, { ...body, [field]: value })).toEqual({
          first: 'Please fill all the details',
          fields: { [field]: 'Please fill all the details' },
        });
      }
    },
  );

  it.each([
    ['no products', undefined],
    ['an empty list', []],
    ['a string', 'p1'],
  ])('says "An order needs at least one product" for %s', (_, products) => {
    expect(failure(orderBodySchema, { ...body, products })?.first).toBe('An order needs at least one product');
  });

  it.each([
    ['quantity 0', { quantity: 0 }, orderMessages.quantity],
    ['quantity 1.5', { quantity: 1.5 }, orderMessages.quantity],
    ['quantity "x"', { quantity: 'x' }, orderMessages.quantity],
    ['price -1', { price: -1 }, orderMessages.price],
    ['price "free"', { price: 'free' }, orderMessages.price],
    ['no productId', { productId: '' }, 'Please fill all the details'],
  ])('refuses a line with %s', (_, override, message) => {
    expect(failure(orderBodySchema, { ...body, products: [{ ...line, ...override }] })?.first).toBe(message);
  });

  it('refuses an unknown status', () => {
    expect(failure(orderBodySchema, { ...body, status: 'shipped' })?.first).toBe(
      'status must be pending, confirm, delivered or empty',
    );
  });

  it('names an unknown product', () => {
    expect(orderMessages.unknownProduct('abc')).toBe('No product with id abc');
  });
});

describe('orderListQuerySchema', () => {
  it('leaves paging out when not given (the bare-array answer)', () => {
    expect(orderListQuerySchema.parse({})).toEqual({});
    expect(orderListQuerySchema.parse({ page: '1', perPage: '25', status: '' })).toEqual({
      page: 1,
      perPage: 25,
      status: '',
    });
  });

  it.each([{ perPage: '0' }, { perPage: '10001' }, { page: '0' }, { status: 'shipped' }])('refuses %j', (query) => {
    expect(orderListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('salesQuerySchema', () => {
  it('accepts YYYY-MM-DD days and day or month grouping, all optional', () => {
    expect(salesQuerySchema.parse({})).toEqual({});
    expect(salesQuerySchema.parse({ from: '2026-01-01', to: '2026-12-31', groupBy: 'month' })).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      groupBy: 'month',
    });
  });

  it.each([
    ['from', { from: '2026-1-01' }, orderMessages.badRange],
    ['to', { to: '01/02/2026' }, orderMessages.badRange],
    ['to', { to: '2026-01-01T00:00:00Z' }, orderMessages.badRange],
    ['groupBy', { groupBy: 'week' }, 'groupBy must be day or month'],
  ])('refuses a bad %s', (field, query, message) => {
    expect(failure(salesQuerySchema, query)).toEqual({ first: message, fields: { [field]: message } });
  });
});

describe('bestSellersQuerySchema', () => {
  it('coerces the limit and keeps it between 1 and 100', () => {
    expect(bestSellersQuerySchema.parse({ catId: 'all', limit: '5' })).toEqual({ catId: 'all', limit: 5 });
    expect(bestSellersQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(bestSellersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
