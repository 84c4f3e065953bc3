import fc from 'fast-check';
import type { JsonSchema } from './document';

/**
 * fast-check arbitraries for the JSON Schema (2020-12) subset the API description uses: what
 * Schemathesis does with hypothesis-jsonschema. No maintained npm package does this for current
 * fast-check (json-schema-fast-check is built on fast-check 1, zod-fast-check reads zod 3
 * schemas, not a document), and the subset is small: type, const, enum, anyOf/oneOf,
 * properties/required, items/minItems/maxItems, minLength/maxLength/pattern, minimum/maximum.
 * References must be inlined first (document.ts, inlineRefs). Strings and lists are kept short
 * (at most 40 characters, 4 items beyond the minimum): the fuzzer wants many requests, not big ones.
 */
export function arbitraryOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).filter((key) => key !== 'description').length === 0) return anyJson;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type })));
  switch (types[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: numberOr(schema.minimum, -1e6), max: numberOr(schema.maximum, 1e6) });
    case 'number':
      return fc.double({
        min: numberOr(schema.minimum, -1e9),
        max: numberOr(schema.maximum, 1e9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = numberOr(schema.minItems, 0);
      const maxLength = Math.min(numberOr(schema.maxItems, minLength + 4), minLength + 4);
      return fc.array(arbitraryOf(schema.items as JsonSchema | undefined), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema);
    default:
      return anyJson;
  }
}

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'binary') return fc.string({ maxLength: 40 });
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = Math.min(numberOr(schema.maxLength, 40), Math.max(minLength, 40));
  // Mostly printable ASCII; now and then any Unicode character (whose UTF-16 length may pass the maximum).
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = arbitraryOf(property);
  const known = fc.record(model, { requiredKeys: required.filter((name) => name in model) });
  const extra = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && extra && typeof extra === 'object') {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryOf(extra as JsonSchema), { maxKeys: 4 });
  }
  return known;
}

/**
 * What a careless or hostile client sends instead: the value of another type, or a valid object
 * with one key dropped or replaced by a value of any type (Schemathesis' negative examples).
 */
export function offSchemaOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema);
  const names = Object.keys((schema?.properties ?? {}) as object);
  if (schema?.type !== 'object' || names.length === 0) return fc.oneof(anyJson, valid);
  return fc.oneof(
    anyJson,
    fc.tuple(valid, fc.constantFrom(...names), fc.option(anyJson, { nil: undefined })).map(([value, name, other]) => {
      const copy = { ...(value as Record<string, unknown>) };
      if (other === undefined) delete copy[name];
      else copy[name] = other;
      return copy;
    }),
  );
}
