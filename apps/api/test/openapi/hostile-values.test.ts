import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../test-app';
import { inlineRefs, type JsonSchema, type OpenApiDocument, operationsOf } from './document';

/**
 * Found by the API fuzzer (npm run test:fuzz): a JSON object whose `toString` and `valueOf` keys
 * are not functions has no text or number form, and `String()` / `Number()` of it throws, so a
 * field that turned such a value into text answered 500. Every field of every documented JSON
 * body (and of the objects in its lists), one at a time, with the owner's token: refused with a
 * 4xx in the API's error shape, never a 5xx.
 */
const hostile = { toString: 1, valueOf: 'x' };

/** One body per field: the field (at any depth of objects and lists of objects) holds the hostile value. */
function bodiesOf(schema: JsonSchema | undefined): Array<{ field: string; body: unknown }> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const bodies: Array<{ field: string; body: unknown }> = [];
  for (const [name, property] of Object.entries(properties)) {
    bodies.push({ field: name, body: { [name]: hostile } });
    const items = property.items as JsonSchema | undefined;
    if (items?.properties) {
      for (const inner of bodiesOf(items))
        bodies.push({ field: `${name}[].${inner.field}`, body: { [name]: [inner.body] } });
    }
  }
  for (const choice of (schema?.anyOf ?? []) as JsonSchema[]) bodies.push(...bodiesOf(choice));
  return bodies;
}

describe(`values without a text form are refused, not a 500 (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo' });
    token = await signIn(t);
    document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  }, 120_000);
  afterAll(() => t?.close());

  it('in every field of every JSON body', async () => {
    const products = (
      await t.request({ method: 'GET', url: '/api/products?perPage=1', headers: bearer(token) })
    ).json();
    const id = String(products.products[0].id);
    const answers: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      const schema = inlineRefs(operation.requestBody?.content['application/json']?.schema, document) as JsonSchema;
      if (!schema) continue;
      // A user may change only their own record; any id will do for the rest (refused or not, never 5xx).
      for (const { field, body } of bodiesOf(schema)) {
        const url = path.replace('{id}', id);
        const res = await t.request({ method: method as 'POST', url, payload: body as object, headers: bearer(token) });
        sent += 1;
        const answer = res.json();
        if (res.statusCode >= 500 || answer.error !== true || typeof answer.msg !== 'string') {
          answers.push(`${method} ${path} ${field}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(answers).toEqual([]);
  });
});
