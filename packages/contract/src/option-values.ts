import { z } from 'zod';
import { requiredText } from './common';

import { type OptionFamily, optionFamilies } from './option-families';

/** `{<field>: value}` with the family's empty-value message. */
export function optionBodySchema(family: OptionFamily) {
  const { field, emptyMessage } = optionFamilies[family];
  return z.object({ [field]: requiredText(emptyMessage, 100) } as Record<string, ReturnType<typeof requiredText>>);
}

export function optionRecordSchema(family: OptionFamily) {
  const { field } = optionFamilies[family];
  return z.object({ id: z.string(), _id: z.string(), [field]: z.string() } as Record<string, z.ZodString>);
}

export interface OptionRecord {
  id: string;
  _id: string;
  [field: string]: string;
}

export const itemDeletedMessage = 'Item Deleted!';
