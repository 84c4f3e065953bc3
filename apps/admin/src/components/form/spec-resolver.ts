import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A zod 4 schema of the contract, by its output type (the resolver reads it structurally). */
type ContractSchema<TOutput> = Parameters<typeof zodResolver>[0] & { _zod: { output: TOutput } };

/**
 * react-hook-form's zod resolver over one of the contract's schemas. The form holds what is
 * typed (text, as the spec says); the schema's output is what `onValid` receives. The
 * schema's issues come in the spec's order, and so do the errors' keys (see firstFieldError).
 */
export function specResolver<TValues extends FieldValues, TOutput>(
  schema: ContractSchema<TOutput>,
): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema) as unknown as Resolver<TValues, unknown, TOutput>;
}

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
