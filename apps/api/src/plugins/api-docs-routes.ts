import {
  bannerFamilies,
  bannerFamilyNames,
  bannerFormSchema,
  bannerSchema,
  categoryFormSchema,
  categorySchema,
  optionBodySchema,
  optionFamilies,
  optionFamilyNames,
  orderBodySchema,
  orderSchema,
  productFormSchema,
  productPageSchema,
  productSchema,
  reviewBodySchema,
  reviewSchema,
  subCategoryFormSchema,
  userSchema,
} from '@shopdesk/contract';
import { z } from 'zod';

/**
 * What a route's own schemas cannot say, for the API description (api-docs.ts). Everything
 * here is a contract schema the server really checks with, or a fixed fact of the route.
 */

/**
 * Shapes that many answers share, named once in the description (`#/components/schemas/…`)
 * instead of written out in each: the contract's own schemas, by identity. Named in zod's global
 * registry, where their descriptions (`.describe()`) already live and where the transform looks.
 */
export function nameSharedSchemas(errorAnswer: z.ZodType) {
  const names: Array<[z.ZodType, string]> = [
    [errorAnswer, 'Error'],
    [productSchema, 'Product'],
    [productPageSchema, 'ProductPage'],
    [orderSchema, 'Order'],
    [categorySchema, 'Category'],
    [userSchema, 'User'],
    [reviewSchema, 'Review'],
    [bannerSchema, 'Banner'],
  ];
  for (const [schema, id] of names) {
    const meta = z.globalRegistry.get(schema);
    if (meta?.id !== id) z.globalRegistry.add(schema, { ...meta, id });
  }
}

/**
 * Bodies that the route accepts as any JSON object and its service checks field by field (so
 * that the first message follows the spec's order): keyed `METHOD /path`, the schema the
 * service parses with. Used only while the route declares the generic object body; a route that
 * declares its real body schema is described by that.
 */
export function serviceCheckedBodies(): Map<string, z.ZodType> {
  const bodies = new Map<string, z.ZodType>();
  const both = (path: string, schema: z.ZodType) => {
    bodies.set(`POST ${path}/create`, schema);
    bodies.set(`PUT ${path}/:id`, schema);
  };
  both('/api/products', productFormSchema);
  both('/api/orders', orderBodySchema);
  // A body with parentId makes a sub category, without it a category; a sub category's edit takes its name.
  bodies.set('POST /api/category/create', z.union([categoryFormSchema, subCategoryFormSchema]));
  bodies.set('PUT /api/category/:id', z.union([categoryFormSchema, subCategoryFormSchema.pick({ name: true })]));
  for (const family of optionFamilyNames) both(optionFamilies[family].path, optionBodySchema(family));
  for (const family of bannerFamilyNames) both(bannerFamilies[family].apiPath, bannerFormSchema);
  bodies.set('POST /api/productReviews/add', reviewBodySchema);
  return bodies;
}

/** A response that is not JSON, or has no body. */
export interface DocumentedAnswer {
  description: string;
  /** Absent: no body. */
  contentType?: string;
  schema?: z.ZodType;
  /** Response headers, as @fastify/swagger takes them (a JSON schema each). */
  headers?: Record<string, { type: 'string'; description: string }>;
}

const html = (description: string): DocumentedAnswer => ({ description, contentType: 'text/html', schema: z.string() });
const etag = {
  ETag: { type: 'string', description: 'The catalogue version and image origin: send it back in If-None-Match' },
} as const;
const notModified: DocumentedAnswer = {
  description: 'Not modified: the If-None-Match tag still names this answer (no body)',
  headers: etag,
};

const recordNotModified: DocumentedAnswer = {
  description: "Not modified: the If-None-Match tag still names this record's answer (no body)",
  headers: { ETag: { type: 'string', description: "The record's tag: changes when the record does (api.md §14)" } },
};
/** Records read with a tag of their own, changed with If-Match (plugins/record-tags.ts). */
const taggedRecords = [
  '/api/products',
  '/api/category',
  '/api/orders',
  ...bannerFamilyNames.map((f) => bannerFamilies[f].apiPath),
];

/** Answers beyond the declared response schemas, keyed `METHOD /path`, then by status. */
export const extraAnswers: Record<string, Record<number, DocumentedAnswer>> = {
  ...Object.fromEntries(taggedRecords.map((path) => [`GET ${path}/:id`, { 304: recordNotModified }])),
  'GET /api/products': { 304: notModified },
  'GET /api/products/catId': { 304: notModified },
  'GET /api/search': { 304: notModified },
  'GET /api/auth/oidc/start': {
    302: {
      description: "Redirect to the OpenID provider's sign-in (code flow with PKCE, state and nonce)",
      headers: { Location: { type: 'string', description: "The provider's authorization URL" } },
    },
    404: html('Sign-in with Google is not set up (the popup page says so)'),
    503: html('The OpenID provider cannot be reached (the popup page says so)'),
  },
  'GET /api/auth/oidc/callback': {
    200: html("The popup page: hands the opener the profile and a short-lived credential, or the provider's refusal"),
    400: html('The popup page with the reason the sign-in failed'),
    403: html("The popup page: the provider has not verified the account's e-mail"),
    404: html('Sign-in with Google is not set up (the popup page says so)'),
    503: html('The OpenID provider cannot be reached (the popup page says so)'),
  },
  'GET /api/auth/oidc/relay.js': {
    200: { description: "The popup page's script", contentType: 'text/javascript', schema: z.string() },
  },
  'GET /api/orders/:id/invoice.pdf': {
    200: {
      description: "The order's invoice; its number (given on the first invoice, in sequence) in X-Invoice-Number",
      contentType: 'application/pdf',
      schema: z.string(),
    },
  },
  'GET /api/events': {
    200: {
      description:
        'Server-Sent Events (api.md §14): order.created, order.updated, catalogue.changed, job.progress, stock.low; ' +
        'each with an id (when it can be replayed), its type in `event` and one JSON `data` line. ' +
        'Send Last-Event-ID to get what was missed (the last 10 minutes).',
      contentType: 'text/event-stream',
      schema: z.string(),
    },
  },
  'GET /api/docs': { 200: html('This description, rendered for people (Swagger UI, served from this server)') },
  'GET /api/docs/yaml': {
    200: { description: 'This description as YAML', contentType: 'application/x-yaml', schema: z.string() },
  },
};

/** The description itself: an OpenAPI 3.1 document. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** Upload routes (api.md §7): multipart, image files under `images`. */
export const uploadBody = z.object({
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .min(1)
    .describe('JPEG, PNG or WebP files (judged by decoding), at most 10 MB and 40 megapixels each, 10 files'),
});
