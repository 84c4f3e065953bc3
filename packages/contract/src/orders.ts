import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { emailAddress, inputMessages, isStorableText, numberOf } from './input-rules';
import { orderMessages, orderStatuses } from './order-names';
import { productMessages } from './product-messages';

export { type OrderStatus, orderMessages, orderStatuses } from './order-names';
export { ordersPath } from './paths';

export const orderProductSchema = z.object({
  productId: z.string(),
  productTitle: z.string(),
  image: z.string(),
  quantity: z.number(),
  price: z.number(),
  subTotal: z.number(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  id: z.string(),
  paymentId: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  pincode: z.string(),
  amount: z.number(),
  email: z.string(),
  userid: z.string(),
  userId: z.string(),
  status: z.enum(orderStatuses),
  date: z.string(),
  products: z.array(orderProductSchema),
  /** The invoice's number once one is given (api.md §15): in sequence, never two alike. */
  invoiceNumber: z.number().int().optional(),
});
export type Order = z.infer<typeof orderSchema>;

// Text fields take text (a number counts as its text: phones and pincodes come as numbers from
// some clients); a list or an object is refused, never joined into text.
const text = optionalText;
/** A number or text holding one; `Number([5])` and `Number(true)` are not quantities. */
const typedNumber = (message: string) => z.preprocess(numberOf, z.number({ error: message }));

const orderLineInput = z.object({
  productId: requiredText(orderMessages.fill, 64),
  productTitle: text(300),
  // A copy of the product's image as it was ordered, or empty for the catalogue's own. Text
  // here: an order saved before issue 17 may hold any URL and must still take a status change;
  // the server refuses anything but this shop's uploads when it stores a line's image.
  image: text(2048),
  quantity: typedNumber(orderMessages.quantity).pipe(
    z.number().int(orderMessages.quantity).min(1, orderMessages.quantity).max(100_000, orderMessages.quantity),
  ),
  // Accepted for older clients but never charged: the server prices each line from the
  // catalogue (the product's current price) when the order is placed or its lines change.
  price: typedNumber(orderMessages.price)
    .pipe(z.number().min(0, orderMessages.price).max(1e9, orderMessages.price))
    .nullish(),
});

/** What a storefront (or the seed) sends; prices and totals are set by the server. */
export const orderBodySchema = z.object({
  paymentId: text(200),
  name: requiredText(orderMessages.fill, 200),
  phoneNumber: requiredText(orderMessages.fill, 40),
  address: requiredText(orderMessages.fill, 1000),
  pincode: requiredText(orderMessages.fill, 20),
  email: emailAddress(orderMessages.fill),
  userid: text(64),
  status: z.preprocess((value) => value ?? 'pending', z.enum(orderStatuses, { error: orderMessages.status })),
  products: z.array(orderLineInput, { error: orderMessages.products }).min(1, orderMessages.products).max(200),
});
export type OrderBody = z.input<typeof orderBodySchema>;

/** What the Orders List sorts by: `date` is when the order was placed, `amount` its total. */
export const orderSortFields = ['date', 'amount', 'status'] as const;
export type OrderSortField = (typeof orderSortFields)[number];

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(10_000).optional(),
  status: z.enum(orderStatuses).optional(),
  /** Paged answers only (api.md §6); ties in id order, the sort's direction; `order` alone turns creation order. */
  sort: z.enum(orderSortFields).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /**
   * Find orders (issue 20, the command palette): an order whose id is exactly `q`, or whose
   * name, e-mail or phone holds `q` anywhere, letter case ignored. Blank is no filter.
   */
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .max(200, productMessages.queryTooLong)
      // A NUL would end the text on SQLite (matching everything) and fail on PostgreSQL.
      .refine(isStorableText, inputMessages.invalidText)
      .optional(),
  ),
});

export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  totalPages: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  totalCount: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderCountSchema = z.object({ orderCount: z.number().int().nonnegative() });

// A real calendar day: '2026-02-30' matches the pattern but is not a date.
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, orderMessages.badRange)
  .refine(
    (day) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().slice(0, 10) === day,
    orderMessages.badRange,
  );
export const salesQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  groupBy: z.enum(['day', 'month'], { error: 'groupBy must be day or month' }).optional(),
});
export const salesSchema = z.object({
  totalSales: z.number(),
  totalOrders: z.number(),
  series: z.array(z.object({ period: z.string(), sales: z.number(), orders: z.number() })),
  monthlySales: z.array(z.object({ month: z.string(), sale: z.number() })).optional(),
});
export type Sales = z.infer<typeof salesSchema>;

export const bestSellersQuerySchema = z.object({
  catId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
