import { describe, expect, it } from 'vitest';
import { fieldMessages, firstMessage } from './common';
import { type OptionFamily, optionFamilies, optionFamilyNames } from './option-families';
import { optionBodySchema, optionRecordSchema } from './option-values';

const expected: Array<[OptionFamily, string, string, string]> = [
  ['ram', '/api/productRAMS', 'productRam', 'Please add Product RAM'],
  ['weight', '/api/productWeight', 'productWeight', 'Please add Product Weight'],
  ['size', '/api/productSIZE', 'size', 'Please add Product size'],
];

describe('option families', () => {
  it('are RAM, WEIGHT and SIZE with the paths and fields of api.md §5', () => {
    expect(optionFamilyNames).toEqual(['ram', 'weight', 'size']);
    for (const [family, path, field, message] of expected) {
      expect(optionFamilies[family]).toMatchObject({ path, field, emptyMessage: message });
    }
  });
});

describe.each(expected)('optionBodySchema(%s)', (family, _path, field, message) => {
  const schema = optionBodySchema(family);

  it(`accepts {${field}} trimmed, and a number as text`, () => {
    expect(schema.parse({ [field]: ' 8 GB ' })).toEqual({ [field]: '8 GB' });
    expect(schema.parse({ [field]: 8 })).toEqual({ [field]: '8' });
  });

  it.each([
    ['missing', {}],
    ['empty', { [field]: '' }],
    ['blank', { [field]: '   ' }],
    ['null', { [field]: null }],
    ['a list', { [field]: ['8'] }],
  ])(`says "${message}" when the value is %s`, (_, value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(firstMessage(result.error!)).toBe(message);
    expect(fieldMessages(result.error!)).toEqual({ [field]: message });
  });

  it("does not accept another family's field in place of its own", () => {
    const otherFields = expected.filter(([other]) => other !== family).map(([, , otherField]) => otherField);
    const result = schema.safeParse(Object.fromEntries(otherFields.map((other) => [other, 'XL'])));
    expect(result.success).toBe(false);
    expect(firstMessage(result.error!)).toBe(message);
  });
});

describe.each(expected)('optionRecordSchema(%s)', (family, _path, field) => {
  const schema = optionRecordSchema(family);

  it(`describes {id, _id, ${field}}`, () => {
    const record = { id: 'a', _id: 'a', [field]: '8GB' };
    expect(schema.parse(record)).toEqual(record);
  });

  it('drops fields that are not part of the record', () => {
    expect(schema.parse({ id: 'a', _id: 'a', [field]: '8GB', family, createdAt: 'now' })).toEqual({
      id: 'a',
      _id: 'a',
      [field]: '8GB',
    });
  });

  it('refuses a record without its value, _id or id', () => {
    expect(schema.safeParse({ id: 'a', _id: 'a' }).success).toBe(false);
    expect(schema.safeParse({ id: 'a', [field]: '8GB' }).success).toBe(false);
    expect(schema.safeParse({ _id: 'a', [field]: '8GB' }).success).toBe(false);
    expect(schema.safeParse({ id: 'a', _id: 'a', [field]: 8 }).success).toBe(false);
  });
});
