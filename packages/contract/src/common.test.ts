import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessages, firstMessage, optionalText, requiredText } from './common';

describe('firstMessage and fieldMessages', () => {
  const schema = z.object({
    first: requiredText('first is blank'),
    second: requiredText('second is blank'),
    nested: z.object({ third: requiredText('third is blank') }),
  });

  it('gives the first failing field’s message, in field order', () => {
    const result = schema.safeParse({ nested: {} });
    expect(result.success).toBe(false);
    expect(firstMessage(result.error!)).toBe('first is blank');
    const later = schema.safeParse({ first: 'x', nested: {} });
    expect(firstMessage(later.error!)).toBe('second is blank');
  });

  it('maps each field (dotted path) to its first message', () => {
    const result = schema.safeParse({ first: ' ', nested: { third: '' } });
    expect(fieldMessages(result.error!)).toEqual({
      first: 'first is blank',
      second: 'second is blank',
      'nested.third': 'third is blank',
    });
  });

  it('falls back when there is no issue, and names a path-less issue _', () => {
    expect(firstMessage({ issues: [] })).toBe('Invalid input');
    expect(fieldMessages({ issues: [{ message: 'whole', path: [] }] })).toEqual({ _: 'whole' });
  });
});

describe('requiredText and optionalText', () => {
  it('requiredText: missing, null, blank and over-long all fail; numbers become text', () => {
    const schema = requiredText('needed', 5);
    for (const value of [undefined, null, '', '   '])
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('needed');
    expect(schema.safeParse('123456').success).toBe(false);
    expect(schema.parse(42)).toBe('42');
    expect(schema.parse('  hi  ')).toBe('hi');
  });

  it('optionalText: null and missing become empty text', () => {
    const schema = optionalText(5);
    expect(schema.parse(null)).toBe('');
    expect(schema.parse(undefined)).toBe('');
    expect(schema.parse(7)).toBe('7');
    expect(schema.safeParse('123456').success).toBe(false);
  });
});
