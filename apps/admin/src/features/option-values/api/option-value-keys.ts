import type { OptionFamily } from '@shopdesk/contract';

/** Query keys per option family (ram, weight, size); `all(family)` refreshes that family only. */
export const optionValueKeys = {
  all: (family: OptionFamily) => ['option-values', family] as const,
  lists: (family: OptionFamily) => [...optionValueKeys.all(family), 'list'] as const,
  list: (family: OptionFamily, query: Record<string, unknown> = {}) =>
    [...optionValueKeys.lists(family), query] as const,
  details: (family: OptionFamily) => [...optionValueKeys.all(family), 'detail'] as const,
  detail: (family: OptionFamily, id: string) => [...optionValueKeys.details(family), id] as const,
};
