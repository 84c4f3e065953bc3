import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from '../security/route-list';
import { engineName, type TestApp } from '../test-app';
import { routesInApiSpecification } from './api-spec-routes';
import {
  inlineRefs,
  isPublic,
  type OpenApiDocument,
  openApiPath,
  operationsOf,
  readApiSpecification,
} from './document';

/** The documentation's own files (Swagger UI's scripts and styles): served, not API operations. */
const isDocsAsset = (url: string) =>
  url.startsWith('/api/docs/') && !['/api/docs/json', '/api/docs/yaml'].includes(url);
/** Image files (`/uploads/*`, static) and the dashboard are not API routes. */
const isApiRoute = (route: RegisteredRoute) => route.url.startsWith('/api/') && !isDocsAsset(route.url);

describe(`API description: every route, who may call it, its shapes (${engineName})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let document: OpenApiDocument;
  let documented: Map<string, ReturnType<typeof operationsOf>[number]>;

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes());
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.json();
    documented = new Map(operationsOf(document).map((entry) => [`${entry.method} ${entry.path}`, entry]));
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document, for anyone (no token)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(JSON.stringify(result.errors ?? []).slice(0, 2000)).toBe('[]');
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('describes every route the app registers, and nothing else', () => {
    const api = routes.filter(isApiRoute);
    expect(api.length).toBeGreaterThan(90);
    const missing = api
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    const served = new Set(api.map((route) => `${route.method} ${openApiPath(route.url)}`));
    expect([...documented.keys()].filter((key) => !served.has(key))).toEqual([]);
  });

  it('describes every route api.md names (sections 1–12, 16 and 17)', () => {
    const named = routesInApiSpecification(
      readApiSpecification(),
      new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17]),
    );
    // The parser reads every kind of mention: absolute, table rows, families, {family}/upload.
    for (const key of [
      'POST /api/user/signin',
      'PUT /api/user/changePassword/:id',
      'DELETE /api/user/sessions/:id',
      'GET /api/products/catId',
      'PUT /api/productSIZE/:id',
      'DELETE /api/homeBottomBanners/:id',
      'POST /api/user/upload',
      'DELETE /api/category/deleteImage',
      'GET /api/auth/oidc/callback',
      'GET /api/docs',
      'GET /api/roles',
      'PUT /api/staff/:id',
      'POST /api/staff/acceptInvite',
      'POST /api/trash/:trashId/restore',
      'DELETE /api/views/:id',
    ]) {
      expect(named.has(key), key).toBe(true);
    }
    const missing = [...named].map((key) => openApiPath(key)).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('marks the public routes as public and asks a bearer token everywhere else', () => {
    expect(document.components).toMatchObject({
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    });
    const wrong: string[] = [];
    for (const route of routes.filter(isApiRoute)) {
      const key = `${route.method} ${openApiPath(route.url)}`;
      const operation = documented.get(key)?.operation;
      if (!operation) continue;
      const publicHere = route.access === 'public' || route.url.startsWith('/api/docs');
      if (publicHere !== isPublic(operation)) wrong.push(key);
      if (!publicHere) {
        expect(operation.security, key).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
    expect(wrong).toEqual([]);
    expect(documented.get('GET /api/docs/json')?.operation.security).toEqual([]);
  });

  it('gives every operation a success answer with its shape, and every body its fields', () => {
    const ajv = new Ajv2020({ strict: true });
    for (const [key, { operation }] of documented) {
      const success = Object.keys(operation.responses).filter((status) => /^[23]\d\d$/.test(status));
      expect(success.length, key).toBeGreaterThan(0);
      for (const status of success) {
        const content = operation.responses[status]?.content;
        if (status === '302' || status === '304') continue;
        expect(Object.keys(content ?? {}).length, `${key} ${status}`).toBeGreaterThan(0);
        for (const media of Object.values(content ?? {})) expect(media.schema, `${key} ${status}`).toBeDefined();
      }
      // Refusals are the API's error shape: {error: true, msg} (api.md §1).
      for (const status of Object.keys(operation.responses).filter((code) => /^[45]/.test(code))) {
        if (key.startsWith('GET /api/auth/oidc/')) continue; // the popup answers with a page
        const schema = inlineRefs(operation.responses[status]?.content?.['application/json']?.schema, document);
        const accepts = ajv.compile(schema as object);
        expect(accepts({ error: true, msg: 'Not found' }), `${key} ${status}`).toBe(true);
        expect(accepts({ error: false, msg: 'Not found' }), `${key} ${status}`).toBe(false);
        expect(accepts({ error: true }), `${key} ${status}`).toBe(false);
      }
    }
    // A body the server checks is described field by field, never as "any object".
    const bodies = operationsOf(document).filter((entry) => entry.operation.requestBody);
    expect(bodies.length).toBeGreaterThan(35);
    for (const { method, path, operation } of bodies) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const schema = media.schema ?? {};
        expect(Boolean(schema.properties || schema.anyOf), `${method} ${path}`).toBe(true);
      }
    }
    expect(Object.keys(documented.get('POST /api/products/upload')?.operation.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
  });

  it('is rendered for people at /api/docs: same origin only, under the app own CSP', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const spa = await t.request({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toBe(spa.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const res = await t.request({ method: 'GET', url: new URL(asset, 'http://shop.test/api/docs').pathname });
      expect(res.statusCode, asset).toBe(200);
    }
  });
});

// The route list and the document use different path forms: keep the helper honest.
it('writes Fastify paths in OpenAPI form', () => {
  expect(openApiPath('/api/user/sessions/:id')).toBe('/api/user/sessions/{id}');
  expect(routeKey({ method: 'GET', url: '/api/products' })).toBe('GET /api/products');
});
