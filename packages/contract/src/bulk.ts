import { z } from 'zod';
import { activityActorSchema } from './activity';
import { orderStatuses } from './order-names';

/**
 * Import, export, bulk edit and the jobs that run long work (api.md §13). The server and the
 * dashboard's Import screen, Export buttons and bulk action bar read the same names.
 */
export { jobsPath } from './paths';
export const productExportPath = '/api/products/export';
export const productImportPath = '/api/products/import';
export const productBulkPath = '/api/products/bulk';
export const productBulkDeletePath = '/api/products/bulkDelete';
export const orderExportPath = '/api/orders/export';

// ---- jobs -----------------------------------------------------------------------------------

export const jobKinds = ['productImport'] as const;
export type JobKind = (typeof jobKinds)[number];
export const jobStates = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const jobProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** One row's problem: its line in the file (the header is line 1), the header name, the spec's words. */
export const importErrorSchema = z.object({ row: z.number().int(), column: z.string(), msg: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  state: z.enum(jobStates),
  progress: jobProgressSchema,
  /** The import's result once done; `{msg}` once failed; null before. */
  result: z.union([importResultSchema, z.object({ msg: z.string() })]).nullable(),
  createdBy: activityActorSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobListSchema = z.array(jobSchema);

export const jobMessages = {
  notFound: 'Job not found',
} as const;

// ---- export ---------------------------------------------------------------------------------

/** The product CSV's header, in order: what export writes and import reads. */
export const productCsvColumns = [
  'id',
  'name',
  'description',
  'brand',
  'price',
  'oldPrice',
  'category',
  'subCategory',
  'countInStock',
  'rating',
  'isFeatured',
  'discount',
  'productRam',
  'size',
  'productWeight',
  'location',
  'images',
  'dateCreated',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** How lists (option values, countries, images) are joined inside one CSV field. */
export const csvListSeparator = '|';

/** The orders CSV: one row per order line. */
export const orderCsvColumns = [
  'orderId',
  'date',
  'status',
  'paymentId',
  'name',
  'email',
  'phoneNumber',
  'address',
  'pincode',
  'amount',
  'productId',
  'productTitle',
  'quantity',
  'price',
  'subTotal',
] as const;
export type OrderCsvColumn = (typeof orderCsvColumns)[number];

export const productExportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  catId: z.string().min(1).max(64).optional(),
  /** `true`: only the low products (api.md §15), as the list's `lowStock=true` shows them. */
  lowStock: z.enum(['true', 'false']).optional(),
});
export type ProductExportQuery = z.infer<typeof productExportQuerySchema>;

export const exportMessages = {
  badDate: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  badRange: 'from must not be after to',
  badStatus: `status must be one of: ${orderStatuses.join(', ')}`,
} as const;

const day = (field: string) =>
  z
    .string({ error: exportMessages.badDate(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, exportMessages.badDate(field))
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00.000Z`)), exportMessages.badDate(field))
    .optional();

export const orderExportQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    status: z.enum(orderStatuses, { error: exportMessages.badStatus }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: exportMessages.badRange });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

// ---- import ---------------------------------------------------------------------------------

/** The largest file an import takes (api.md §13). */
export const importMaxBytes = 50 * 1024 * 1024;

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true');

export const productImportQuerySchema = z.object({
  dryRun: flag,
  atomic: flag,
  createCategories: flag,
});
export type ProductImportQuery = z.infer<typeof productImportQuerySchema>;

export const importAcceptedSchema = z.object({ jobId: z.string() });

export const importMessages = {
  noFile: 'Choose a CSV file to import',
  notCsv: 'The file must be a CSV file',
  tooLarge: 'The file is larger than 50 MB',
  emptyFile: 'The file has no header row',
  missingColumn: (column: string) => `The header has no "${column}" column`,
  unknownColumn: (column: string) => `Unknown column "${column}"`,
  badCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  unknownCategory: (name: string) => `No category named "${name}"`,
  unknownSubCategory: (name: string) => `No sub category named "${name}" in this category`,
  unknownCountry: (code: string) => `Unknown country code "${code}"`,
  imageRefused: (url: string, why: string) => `Image ${url} could not be used: ${why}`,
  atomicFailed: 'Nothing was imported: some rows have errors (atomic import)',
} as const;

// ---- bulk edit ------------------------------------------------------------------------------

export const bulkMaxIds = 100_000;

const percent = z.object({
  percent: z
    .number({ error: 'percent must be a number' })
    .min(-100, 'percent must be -100 or more')
    .max(1000, 'percent must be 1000 or less'),
});

export const bulkSetSchema = z
  .object({
    // The product form's words (products.ts), so a bulk edit refuses a value as an edit would.
    price: z
      .number({ error: 'price must be a number' })
      .min(0, 'price must be 0 or more')
      .max(1e9, 'price must be 0 or more')
      .optional(),
    oldPrice: z
      .number({ error: 'old price must be a number' })
      .min(0, 'old price must be 0 or more')
      .max(1e9, 'old price must be 0 or more')
      .optional(),
    discount: z
      .number({ error: 'discount must be a number' })
      .min(0, 'discount must be between 0 and 100')
      .max(100, 'discount must be between 0 and 100')
      .optional(),
    countInStock: z
      .number({ error: 'stock must be a number' })
      .int('stock must be a whole number, 0 or more')
      .min(0, 'stock must be a whole number, 0 or more')
      .max(1e9, 'stock must be a whole number, 0 or more')
      .optional(),
    isFeatured: z.boolean({ error: 'please select the product is a featured or not' }).optional(),
    category: z.string({ error: 'please select a category' }).min(1, 'please select a category').max(64).optional(),
    /** A sub category of the (new) category; "" takes the sub category away. */
    subCatId: z.string({ error: 'invalid Sub Category!' }).max(64, 'invalid Sub Category!').optional(),
  })
  .strict();

export const bulkAdjustSchema = z.object({ price: percent.optional(), oldPrice: percent.optional() }).strict();

export const bulkMessages = {
  noSelection: 'Select the products to change (ids or filter)',
  nothingToChange: 'Choose what to change',
  notFound: 'Bulk edit not found',
  tooMany: `At most ${bulkMaxIds} products at a time`,
  /** Both `set` and `adjust` name one field: which one is meant is not clear. */
  setAndAdjust: (field: string) => `Set ${field} or adjust it, not both`,
} as const;

export const productBulkBodySchema = z
  .object({
    ids: z.array(z.string().min(1).max(64)).max(bulkMaxIds, bulkMessages.tooMany).optional(),
    /** Every product matching, as the list and search filter them ("select all N matching"). */
    filter: productExportQuerySchema.optional(),
    set: bulkSetSchema.optional(),
    adjust: bulkAdjustSchema.optional(),
  })
  .refine((body) => body.ids !== undefined || body.filter !== undefined, { message: bulkMessages.noSelection })
  .refine(
    (body) =>
      Object.values(body.set ?? {}).some((value) => value !== undefined) ||
      Object.values(body.adjust ?? {}).some((value) => value !== undefined),
    { message: bulkMessages.nothingToChange },
  );
export type ProductBulkBody = z.infer<typeof productBulkBodySchema>;

export const productBulkAnswerSchema = z.object({ bulkId: z.string(), updated: z.number().int() });
export const productBulkUndoAnswerSchema = z.object({ restored: z.number().int(), skipped: z.number().int() });
export const bulkIdParamSchema = z.object({ bulkId: z.string().min(1).max(64) });

export const productBulkDeleteBodySchema = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: bulkMessages.noSelection })
    .min(1, bulkMessages.noSelection)
    .max(bulkMaxIds, bulkMessages.tooMany),
});
export const productBulkDeleteAnswerSchema = z.object({ trashed: z.number().int() });
