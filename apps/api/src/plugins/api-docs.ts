import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, objectBodySchema } from '@shopdesk/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import apiPackage from '../../package.json' with { type: 'json' };
import {
  extraAnswers,
  nameSharedSchemas,
  openApiDocumentSchema,
  serviceCheckedBodies,
  uploadBody,
} from './api-docs-routes';

export const docsPrefix = '/api/docs';
/** The documentation's own routes that the description lists (its assets are left out). */
const documentedDocsRoutes = new Set([docsPrefix, `${docsPrefix}/json`, `${docsPrefix}/yaml`]);

/** Every error answer (api.md §1), with the two extra keys some routes add. */
const errorAnswer = errorBodySchema.extend({
  status: z.literal('FAILED').optional().describe('sign-up refusals carry it'),
  twoFactorRequired: z
    .literal(true)
    .optional()
    .describe('sign-in: the account has two-step sign-in on and the code is missing or wrong'),
});

const errorRef = { $ref: '#/components/schemas/Error' };

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<Transform>[0];
type ZodOverride = (ctx: { zodSchema: unknown; jsonSchema: { required?: string[] } }) => void;

/**
 * zod writes every key of an object as required, even one whose preprocess turns a missing value
 * into a default (`optionalText`, a missing list as []): a key is listed as required only when its
 * own schema refuses `undefined`, which is what the server does with a missing key.
 */
const requiredOnlyWhenRefused: ZodOverride = ({ zodSchema, jsonSchema }) => {
  if (!(zodSchema instanceof z.ZodObject) || !jsonSchema.required) return;
  const shape = zodSchema.shape as Record<string, z.ZodType>;
  const required = jsonSchema.required.filter((key) => !shape[key]?.safeParse(undefined).success);
  if (required.length > 0) jsonSchema.required = required;
  else delete jsonSchema.required;
};

nameSharedSchemas(errorAnswer);
const zodConfig = { override: requiredOnlyWhenRefused as never };
const zodToOpenApi = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: zodConfig });
const namedComponents = createJsonSchemaTransformObject({ zodToJsonConfig: zodConfig });

/** The named shapes, less those no operation uses (each is made in an input and an output variant). */
const withUsedComponents: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const document = namedComponents(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  let text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  const used = new Set<string>();
  // A kept shape may name others: look again until nothing new turns up.
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (!used.has(name) && text.includes(`"#/components/schemas/${name}"`)) {
        used.add(name);
        text += JSON.stringify(schemas[name]);
        grew = true;
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document as ReturnType<typeof namedComponents>;
};

const methodOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).find((method) => method !== 'HEAD') ?? 'GET';

/** `get_api_products_id` for `GET /api/products/:id`. */
const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');

/**
 * The route as the description shows it: its own zod schemas (what the server validates and
 * serializes with), the body its service checks when the route takes any object, who may call
 * it, and its refusals in the API's error shape.
 */
function describeRoute(bodies: Map<string, z.ZodType>): Transform {
  return (input: TransformInput) => {
    const route = input.route as RouteOptions;
    // `/api/products/` and `/api/products` are one route (a module's '/'): described as api.md writes it.
    const url = input.url.length > 1 ? input.url.replace(/\/+$/, '') : input.url;
    const hidden = { schema: { hide: true }, url };
    if (!url.startsWith('/api/')) return hidden;
    const isDocs = url === docsPrefix || url.startsWith(`${docsPrefix}/`);
    if (isDocs && !documentedDocsRoutes.has(url)) return hidden;

    const method = methodOf(route);
    const key = `${method} ${url}`;
    const isPublic = route.config?.access === 'public';
    // What the caller's role must hold; `staff` (any staff member) needs nothing more than the token.
    const permission = route.config?.permission;
    const needed = permission && permission !== 'staff' ? permission : undefined;
    const declared: Record<string, unknown> = isDocs ? {} : { ...(input.schema as Record<string, unknown>) };
    const schema: Record<string, unknown> = { ...declared, response: { ...(declared.response as object) } };
    const responses = schema.response as Record<string, unknown>;

    if (declared.body === objectBodySchema && bodies.has(key)) schema.body = bodies.get(key);
    if (method === 'POST' && url.endsWith('/upload')) {
      schema.body = uploadBody;
      schema.consumes = ['multipart/form-data'];
    }
    if (url === `${docsPrefix}/json`) responses[200] = openApiDocumentSchema;

    const refusals: Record<string, string> = {};
    if (schema.body || schema.querystring || schema.params)
      refusals[400] = "Bad input: the first message in the spec's words, per field in `fields`";
    if (!isPublic) {
      refusals[401] = 'No valid token: "Please sign in"';
      refusals[403] = needed
        ? `Not an administrator ("you are not a admin"), or a role without \`${needed}\` (${route.config?.refusal ? `"${route.config.refusal}"` : '"You do not have permission to do this"'})`
        : 'Not an administrator ("you are not a admin"), or not your own record';
    }
    if (url.includes('/:id')) refusals[404] = 'No such record';
    refusals['4XX'] =
      'Any other refusal: 404, 409 conflict, 413 too large, 415 not an image, 429 too many attempts (with Retry-After)';
    if (!isDocs && url !== '/api/countries') refusals[503] = 'Database unavailable';
    const extras = extraAnswers[key] ?? {};

    schema.security = isPublic ? [] : [{ bearerAuth: [] }];
    schema.tags = [url.split('/')[2]];
    schema.operationId = operationIdOf(method, url);
    if (needed) schema.description = `Needs the \`${needed}\` permission (api.md §10).`;
    delete schema.hide;

    const result = { ...zodToOpenApi({ ...input, schema }), url };
    const described = result.schema as Record<string, unknown> & { response: Record<string, unknown> };
    // Refusals, and answers that are pages, scripts, redirects or 304s: written as @fastify/swagger's own
    // response objects (a refusal names the shared Error shape).
    for (const [status, text] of Object.entries(refusals)) {
      if (!(status in described.response) && !(status in extras))
        described.response[status] = { description: text, content: { 'application/json': { schema: errorRef } } };
    }
    for (const [status, answer] of Object.entries(extras)) {
      const body = answer.contentType && answer.schema ? z.toJSONSchema(answer.schema, { io: 'output' }) : undefined;
      if (body) delete body.$schema;
      described.response[status] = body
        ? {
            description: answer.description,
            headers: answer.headers,
            content: { [answer.contentType!]: { schema: body } },
          }
        : { type: 'null', description: answer.description, headers: answer.headers };
    }
    return result;
  };
}

/**
 * `GET /api/docs/json`: the OpenAPI 3.1 description of the API, made by @fastify/swagger from
 * the routes' zod schemas (fastify-type-provider-zod's documented transform); `GET /api/docs`:
 * Swagger UI for people, served from this server (no CDN) under the app's own CSP. Registered
 * before the modules so that it sees every route; the documentation's routes are public.
 * @fastify/swagger-ui: Fastify's own plugin; it ships Swagger UI's files and its page loads only
 * same-origin script files, so the app's CSP (script-src 'self') holds unchanged (e2e/api-docs.e2e.ts).
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shopdesk API',
        version: apiPackage.version,
        description:
          'The back office API of a Shopdesk shop. JSON in and out; every error is `{"error": true, "msg": "…"}`. ' +
          'Send `Authorization: Bearer <token>` (from POST /api/user/signin) on every route not marked public. ' +
          'Images are served from `/uploads/…` (public).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token sign-in answers' },
        },
      },
    },
    transform: describeRoute(serviceCheckedBodies()),
    transformObject: withUsedComponents,
  });

  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: docsPrefix,
      uiConfig: { deepLinking: true, docExpansion: 'none', tryItOutEnabled: false },
    });
  });
});
