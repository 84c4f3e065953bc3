import { z } from 'zod';
import { tooLong } from './common';
import { idOfReference, imageList, numberOf } from './input-rules';
import { productMessages } from './product-messages';

export { productsPath, searchPath } from './paths';
export { productMessages } from './product-messages';

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A number typed in a text input: blank gives the spec's message, non-numbers a clear one. */
function typedNumber(emptyMessage: string, label: string, check: (n: number) => boolean, rangeMessage: string) {
  return z.unknown().transform((value, ctx) => {
    if (blank(value)) {
      ctx.addIssue({ code: 'custom', message: emptyMessage });
      return z.NEVER;
    }
    const n = numberOf(value);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: productMessages.notANumber(label) });
      return z.NEVER;
    }
    if (!check(n)) {
      ctx.addIssue({ code: 'custom', message: rangeMessage });
      return z.NEVER;
    }
    return n;
  });
}

/** Text (a number typed in counts as its text); anything else, or blank, gives `message`. */
function typedText(message: string, max: number) {
  return z.unknown().transform((value, ctx) => {
    if (blank(value) || (typeof value !== 'string' && typeof value !== 'number')) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const text = String(value).trim();
    if (text.length > max) {
      ctx.addIssue({ code: 'custom', message: tooLong(max) });
      return z.NEVER;
    }
    return text;
  });
}

/** An optional id: missing, null or blank is none; a list or an object is refused, not turned into text. */
const optionalId = (message: string) =>
  z.preprocess((value) => value ?? '', z.string({ error: message }).trim().max(64, message));
const listMessage = 'RAM, weight and size must each be a list of values';
const stringList = z.preprocess(
  (value) => value ?? [],
  z
    .array(z.string({ error: listMessage }).trim().min(1, listMessage).max(100), { error: listMessage })
    .max(50, listMessage),
);
const locationMessage = 'location must be a list of countries';
export const locationSchema = z.object(
  {
    value: z.string({ error: 'location must be a list of countries' }).min(1).max(100),
    label: z.string({ error: 'location must be a list of countries' }).min(1).max(100),
  },
  { error: 'location must be a list of countries' },
);

/**
 * Product create and edit: one definition for the form and the server. Fields are checked in
 * the spec's order and the first failure is the message shown.
 */
export const productFormSchema = z.object({
  name: typedText(productMessages.name, 200),
  description: typedText(productMessages.description, 5000),
  brand: typedText(productMessages.brand, 100),
  price: typedNumber(productMessages.price, 'price', (n) => n >= 0 && n <= 1e9, 'price must be 0 or more'),
  oldPrice: typedNumber(
    productMessages.oldPrice,
    'old price',
    (n) => n >= 0 && n <= 1e9,
    'old price must be 0 or more',
  ),
  // The id, or (existing clients) the category object GET /api/products/:id answered, by its `_id`/`id`.
  category: z.preprocess(idOfReference, typedText(productMessages.category, 64)),
  countInStock: typedNumber(
    productMessages.countInStock,
    'stock',
    (n) => Number.isInteger(n) && n >= 0 && n <= 1e9,
    'stock must be a whole number, 0 or more',
  ),
  // Optional. Missing: left as it is (a client that does not know the field keeps it); null or
  // blank: none, the product follows the shop's default (LOW_STOCK_THRESHOLD).
  lowStockThreshold: z
    .unknown()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const n = numberOf(value);
      if (!Number.isInteger(n) || n < 0 || n > 1e9) {
        ctx.addIssue({ code: 'custom', message: productMessages.lowStockThreshold });
        return z.NEVER;
      }
      return n;
    })
    .optional(),
  rating: z.unknown().transform((value, ctx) => {
    const n = value === undefined || value === null ? 0 : numberOf(value);
    if (!Number.isFinite(n) || n === 0) {
      ctx.addIssue({ code: 'custom', message: productMessages.rating });
      return z.NEVER;
    }
    if (n < 0 || n > 5 || Math.round(n * 2) !== n * 2) {
      ctx.addIssue({ code: 'custom', message: 'rating must be between 0.5 and 5, in half stars' });
      return z.NEVER;
    }
    return n;
  }),
  isFeatured: z.unknown().transform((value, ctx) => {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    ctx.addIssue({ code: 'custom', message: productMessages.isFeatured });
    return z.NEVER;
  }),
  discount: typedNumber(
    productMessages.discount,
    'discount',
    (n) => n >= 0 && n <= 100,
    'discount must be between 0 and 100',
  ),
  images: imageList(productMessages.images),
  subCatId: optionalId(productMessages.invalidSubCategory),
  productRam: stringList,
  size: stringList,
  productWeight: stringList,
  location: z.preprocess(
    (value) => value ?? [],
    z.array(locationSchema, { error: locationMessage }).max(300, locationMessage),
  ),
});
export type ProductForm = z.input<typeof productFormSchema>;
export type ProductInput = z.output<typeof productFormSchema>;

export const productCategorySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  color: z.string(),
  images: z.array(z.string()),
});

export const productSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  price: z.number(),
  oldPrice: z.number(),
  catId: z.string(),
  catName: z.string(),
  category: productCategorySchema.nullable(),
  subCat: z.string(),
  subCatId: z.string(),
  subCatName: z.string(),
  countInStock: z.number(),
  /**
   * The product's own low-stock line (api.md §15), as stored: null when it follows the shop's
   * default (`LOW_STOCK_THRESHOLD`). A product is low when `countInStock` is at or below its line.
   */
  lowStockThreshold: z.number().int().nullable(),
  rating: z.number(),
  isFeatured: z.boolean(),
  discount: z.number(),
  productRam: z.array(z.string()),
  size: z.array(z.string()),
  productWeight: z.array(z.string()),
  location: z.array(locationSchema),
  images: z.array(z.string()),
  dateCreated: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000_000);
export const productSortFields = ['dateCreated', 'name', 'price', 'rating', 'countInStock'] as const;
export type ProductSortField = (typeof productSortFields)[number];

export const productListQuerySchema = z.object({
  page: pageNumber.optional(),
  perPage: z.coerce.number().int().min(1).max(10_000).optional(),
  sort: z.enum(productSortFields).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  catId: z.string().min(1).max(64).optional(),
  /** `true`: only low products (api.md §15), with the same paging and sort. */
  lowStock: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const searchQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: productMessages.queryRequired })
      .min(1, productMessages.queryRequired)
      .max(200, productMessages.queryTooLong),
  ),
  page: pageNumber.optional(),
  perPage: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const productPageSchema = z.object({
  products: z.array(productSchema),
  totalPages: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  totalCount: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const productsCountSchema = z.object({ productsCount: z.number().int().nonnegative() });
/** A product delete moves it to the trash (api.md §12): the spec's answer plus `trashId`. */
export const productDeletedSchema = z.object({ success: z.literal(true), message: z.string(), trashId: z.string() });

/**
 * `GET /api/products/lowStock` (api.md §15): the low products, lowest stock first, each with the
 * line it is measured against (`lowStockLine`: its own threshold, or the shop's default).
 */
export const lowStockProductsSchema = z.array(productSchema.extend({ lowStockLine: z.number().int() }));
export type LowStockProduct = z.infer<typeof lowStockProductsSchema>[number];

/** The most low products one answer of `GET /api/products/lowStock?limit=` gives. */
export const maxLowStockLimit = 500;
const badLowStockLimit = `limit must be a whole number from 1 to ${maxLowStockLimit}`;

/**
 * `GET /api/products/lowStock?limit=N`: the N lowest only (the Dashboard's card asks for its
 * first rows; a shop of thousands of low products would otherwise send them all). Without it,
 * every low product, as api.md §15 says; the answer is the same bare list either way.
 */
export const lowStockQuerySchema = z.object({
  limit: z.coerce
    .number({ error: badLowStockLimit })
    .int(badLowStockLimit)
    .min(1, badLowStockLimit)
    .max(maxLowStockLimit, badLowStockLimit)
    .optional(),
});

export const bestSellersSchema = z.object({
  products: z.array(productSchema.extend({ unitsSold: z.number(), revenue: z.number() })),
});
export type BestSeller = z.infer<typeof bestSellersSchema>['products'][number];
