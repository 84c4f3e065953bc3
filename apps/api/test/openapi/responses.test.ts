import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { csvRow, header, sendImport, settle } from '../import-helpers';
import { bearer, createTestApp, engineName, ownerEmail, ownerPassword, type TestApp } from '../test-app';
import {
  AnswerChecker,
  type DocumentedOperation,
  isPublic,
  type OpenApiDocument,
  operationsOf,
  type Parameter,
} from './document';

/**
 * Every documented GET route, called on the demo shop signed in as the owner (and the main
 * refusals: no token, an unknown id, a bad query, a tag that still holds): each answer must be
 * one the document declares, its body valid against the declared schema.
 */

/** The first `id` in an answer (a list's first record, a wrapper's first item). */
function firstId(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstId(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'string') return record.id;
  for (const item of Object.values(record)) {
    const found = firstId(item);
    if (found) return found;
  }
  return undefined;
}

/** A valid value for a query parameter: from the shop's data for ids and words, else from its schema. */
function exampleValue(parameter: Parameter, known: Record<string, string>): string | undefined {
  const given = known[parameter.name];
  if (given !== undefined) return given;
  const schema = parameter.schema as { type?: string; enum?: unknown[]; minimum?: number; pattern?: string };
  if (schema.enum) return String(schema.enum.find((value) => value !== '') ?? schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(schema.minimum ?? 1, 2));
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return new Date().toISOString().slice(0, 10);
  return undefined;
}

describe(`every documented GET answers as the document says (${engineName}, demo shop)`, () => {
  let t: TestApp;
  let token: string;
  let ownId: string;
  let document: OpenApiDocument;
  let checker: AnswerChecker;
  const known: Record<string, string> = {};
  const problems: string[] = [];
  let calls = 0;

  const call = async (documented: DocumentedOperation, options: InjectOptions, expected?: number) => {
    const res: LightMyRequestResponse = await t.request(options);
    calls += 1;
    const label = `${options.method} ${options.url} -> ${res.statusCode}`;
    if (expected !== undefined && res.statusCode !== expected) problems.push(`${label}: expected ${expected}`);
    for (const problem of checker.problems(documented, {
      status: res.statusCode,
      contentType: res.headers['content-type'] as string | undefined,
      body: res.body,
    })) {
      problems.push(`${label}: ${problem}`);
    }
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo' });
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: ownerPassword },
    });
    token = signedIn.json().token;
    ownId = signedIn.json().user.id;
    document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    checker = new AnswerChecker(document);
    const products = (
      await t.request({ method: 'GET', url: '/api/products?perPage=5', headers: bearer(token) })
    ).json();
    const categories = (await t.request({ method: 'GET', url: '/api/category', headers: bearer(token) })).json();
    known.q = String(products.products[0].name).split(/\s+/)[0] ?? '';
    known.productId = products.products[0].id;
    known.catId = categories.categoryList[0].id;
    // A job of the owner's to read (GET /api/jobs/{id}, api.md §13): a dry run of a one-row import.
    const queued = await sendImport(t, token, `${header}\n${csvRow()}\n`, '?dryRun=true');
    await settle(t, token, queued.json().jobId);
  }, 120_000);
  afterAll(() => t?.close());

  it('signed in as the owner: 200 and the declared shape, with and without the optional query', async () => {
    const gets = operationsOf(document).filter((entry) => entry.method === 'GET');
    expect(gets.length).toBeGreaterThan(40);
    for (const documented of gets) {
      // A record's history (api.md §11) is read for a product of the demo shop.
      let url = documented.path.replace('/api/activity/{entity}/{id}', '/api/products/{id}/history');
      if (url.includes('{id}')) {
        const list = url.replace(/\/\{id\}.*$/, '');
        // A user reads only their own record; every other record: the first its list answers.
        const id = url.startsWith('/api/user/')
          ? ownId
          : firstId((await t.request({ method: 'GET', url: list, headers: bearer(token) })).json());
        if (!id) problems.push(`${documented.path}: no record to read`);
        url = url.replace('{id}', id ?? '').replace(/^\/api\/products\/(.+)\/history$/, '/api/activity/product/$1');
      }
      const query = documented.operation.parameters?.filter((parameter) => parameter.in === 'query') ?? [];
      const required = new URLSearchParams();
      const all = new URLSearchParams();
      for (const parameter of query) {
        const value = exampleValue(parameter, known);
        if (value === undefined) {
          if (parameter.required) problems.push(`${documented.path}: no example for required ${parameter.name}`);
          continue;
        }
        if (parameter.required) required.set(parameter.name, value);
        all.set(parameter.name, value);
      }
      // The popup's pages answer 404 while Google sign-in is not set up (a documented page).
      const expected = documented.path.startsWith('/api/auth/oidc/') && !url.endsWith('.js') ? 404 : 200;
      const withRequired = required.size > 0 ? `${url}?${required}` : url;
      await call(documented, { method: 'GET', url: withRequired, headers: bearer(token) }, expected);
      if (all.size > required.size)
        await call(documented, { method: 'GET', url: `${url}?${all}`, headers: bearer(token) }, expected);
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(gets.length);
  });

  it('the main refusals: no token 401, unknown id 404, bad query 400, a tag that holds 304', async () => {
    problems.length = 0;
    const gets = operationsOf(document).filter((entry) => entry.method === 'GET');
    for (const documented of gets.filter((entry) => !isPublic(entry.operation))) {
      const url = documented.path.replace('{id}', 'nothing-has-this-id');
      await call(documented, { method: 'GET', url }, 401);
    }
    for (const documented of gets.filter(
      // A record's history answers for any id: a record never changed (or long purged) has none.
      (entry) =>
        entry.path.includes('{id}') && !entry.path.startsWith('/api/user/') && !entry.path.includes('{entity}'),
    )) {
      await call(
        documented,
        { method: 'GET', url: documented.path.replace('{id}', 'nothing-has-this-id'), headers: bearer(token) },
        404,
      );
    }
    const search = gets.find((entry) => entry.path === '/api/search');
    const products = gets.find((entry) => entry.path === '/api/products');
    expect(search && products).toBeTruthy();
    if (!search || !products) return;
    await call(search, { method: 'GET', url: '/api/search?q=', headers: bearer(token) }, 400);
    await call(products, { method: 'GET', url: '/api/products?perPage=0', headers: bearer(token) }, 400);
    const first = await call(
      products,
      { method: 'GET', url: '/api/products?page=1&perPage=3', headers: bearer(token) },
      200,
    );
    await call(
      products,
      {
        method: 'GET',
        url: '/api/products?page=1&perPage=3',
        headers: { ...bearer(token), 'if-none-match': String(first.headers.etag) },
      },
      304,
    );
    expect(problems).toEqual([]);
  });
  it('the checker itself refuses what the document does not declare', async () => {
    const product = operationsOf(document).find(
      (entry) => entry.method === 'GET' && entry.path === '/api/products/{id}',
    );
    expect(product).toBeDefined();
    if (!product) return;
    const res = await t.request({ method: 'GET', url: `/api/products/${known.productId}`, headers: bearer(token) });
    const answer = { status: 200, contentType: 'application/json; charset=utf-8', body: res.body };
    expect(checker.problems(product, answer)).toEqual([]);
    const { name: _name, ...nameless } = res.json();
    expect(checker.problems(product, { ...answer, body: JSON.stringify(nameless) })).toEqual([
      "body must have required property 'name'",
    ]);
    expect(checker.problems(product, { ...answer, body: JSON.stringify({ ...res.json(), extra: 1 }) }).length).toBe(1);
    expect(checker.problems(product, { ...answer, status: 299 })).toEqual(['status 299 is not declared']);
    expect(checker.problems(product, { ...answer, contentType: 'text/html' })[0]).toMatch(/^content-type text\/html/);
    expect(checker.problems(product, { status: 404, contentType: 'application/json', body: '{"error":true}' })).toEqual(
      ["body must have required property 'msg'"],
    );
  });
});
