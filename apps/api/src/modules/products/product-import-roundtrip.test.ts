import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSubCategory, imageUrl, postProduct } from '../../../test/catalogue-fixtures';
import { allProducts, exportCsv, importCsv } from '../../../test/import-helpers';
import { createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

/**
 * Export then import changes nothing (api.md §13), for random catalogues: text with commas,
 * quotes, apostrophes, newlines and any script; lists; countries; several images. The CSV is
 * what export writes, made here from GET /api/products answers (the export route is built
 * beside this one): lists joined with `|`, location codes, absolute image URLs, names.
 */

/** Text a form keeps as typed: trimmed, not blank, with the characters CSV must quote. */
const text = (max: number) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(',', '"', "'", '\n', '\r\n', ' ', '|', 'é', 'ß', '日本', '🙂', 'Ω', '٣'),
        fc.string({ minLength: 1, maxLength: 6 }),
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((parts) =>
      parts
        .join('')
        .split('')
        .filter((c) => c >= ' ' || c === '\n' || c === '\r')
        .join('')
        .trim()
        .slice(0, max),
    )
    .filter((value) => value !== '' && value === value.trim());

/** An option value: no `|` (the list separator), trimmed. */
const optionValue = fc.constantFrom('4GB', '8GB', '16 GB', 'XL', 'M', "Kid's", 'Größe 2', '1,5 kg', '"Pro"');

const productArb = fc.record({
  name: text(200),
  description: text(500),
  brand: text(100),
  price: fc.double({ min: 0, max: 1e9, noNaN: true }),
  oldPrice: fc.integer({ min: 0, max: 1e6 }),
  countInStock: fc.integer({ min: 0, max: 1e9 }),
  rating: fc.integer({ min: 1, max: 10 }).map((halves) => halves / 2),
  isFeatured: fc.boolean(),
  discount: fc.double({ min: 0, max: 100, noNaN: true }),
  productRam: fc.uniqueArray(optionValue, { maxLength: 3 }),
  size: fc.uniqueArray(optionValue, { maxLength: 3 }),
  productWeight: fc.uniqueArray(optionValue, { maxLength: 2 }),
  location: fc.uniqueArray(
    fc.constantFrom(
      { value: 'IN', label: 'India' },
      { value: 'LK', label: 'Sri Lanka' },
      { value: 'All', label: 'All' },
      { value: 'JP', label: 'Japan' },
    ),
    { maxLength: 3, selector: (l) => l.value },
  ),
  images: fc
    .uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 })
    .map((names) => names.map((name) => imageUrl(name))),
  sub: fc.boolean(),
  category: fc.integer({ min: 0, max: 1 }),
});

describe(`product import: export then import changes nothing (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  const categories: Array<{ id: string; subId: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    for (const name of ['Phones, "smart"', "Kid's Café 日本"]) {
      const category = await createCategory(t, token, name);
      const sub = await createSubCategory(t, token, `${name} / sub`, category.id);
      categories.push({ id: category.id, subId: sub.id });
    }
  });
  afterAll(() => t.close());

  it('random catalogues come back unchanged: every row unchanged, the products identical', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productArb, { minLength: 1, maxLength: 6 }), async (planned) => {
        for (const { sub, category, ...body } of planned) {
          const chosen = categories[category] ?? categories[0]!;
          const res = await postProduct(t, token, { ...body, category: chosen.id, subCatId: sub ? chosen.subId : '' });
          expect(res.statusCode, res.body).toBe(201);
        }
        const before = await allProducts(t, token);
        const result = await importCsv(t, token, await exportCsv(t, token));
        expect(result).toEqual({
          rows: before.length,
          created: 0,
          updated: 0,
          unchanged: before.length,
          failed: 0,
          errors: [],
        });
        expect(await allProducts(t, token)).toEqual(before);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
