import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/** A zod 4 schema of the contract, by its output type (the resolver reads it structurally). */
type ContractSchema<TOutput> = Parameters<typeof zodResolver>[0] & { _zod: { output: TOutput } };

/**
 * react-hook-form's zod resolver over one of the contract's schemas. The form holds what is
 * typed (text, as the spec says); the schema's output is what `onValid` receives. The
 * schema's issues come in the spec's order, and so do the errors' keys (see first-field-error.ts).
 */
export function specResolver<TValues extends FieldValues, TOutput>(
  schema: ContractSchema<TOutput>,
): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema) as unknown as Resolver<TValues, unknown, TOutput>;
}
