import { z } from 'zod';
import { requiredText } from './common';

/**
 * The three option-value families share one shape: `{id, _id, <field>}` (api.md §5).
 * One definition serves the API module and the one parameterised screen.
 */
export const optionFamilies = {
  ram: {
    path: '/api/productRAMS',
    field: 'productRam',
    screenPath: '/productRAMS/add',
    title: 'Add Product RAMS',
    label: 'PRODUCT RAM',
    emptyMessage: 'Please add Product RAM',
  },
  weight: {
    path: '/api/productWeight',
    field: 'productWeight',
    screenPath: '/productWEIGHT/add',
    title: 'Add Product WEIGHT',
    label: 'PRODUCT WEIGHT',
    emptyMessage: 'Please add Product Weight',
  },
  size: {
    path: '/api/productSIZE',
    field: 'size',
    screenPath: '/productSIZE/add',
    title: 'Add Product SIZE',
    label: 'PRODUCT SIZE',
    emptyMessage: 'Please add Product size',
  },
} as const;
export type OptionFamily = keyof typeof optionFamilies;
export const optionFamilyNames = Object.keys(optionFamilies) as OptionFamily[];

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
