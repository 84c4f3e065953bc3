import type { FieldErrors } from 'react-hook-form';

/**
 * The first failing rule of a failed check: its field's dotted name and its message. The
 * resolver adds the errors in the order of the schema's issues (a field's first issue
 * first), so the depth-first walk finds the one the spec shows in the alert.
 */
export function firstFieldError(errors: FieldErrors, prefix = ''): { name: string; message: string } | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref' || key === 'types') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return { name, message };
    const inner = firstFieldError(value as FieldErrors, name);
    if (inner) return inner;
  }
  return undefined;
}
