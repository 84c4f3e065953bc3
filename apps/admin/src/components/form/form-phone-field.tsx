import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

/**
 * Every phone field (sign up, accepting an invitation, My Account): digits on a phone's keypad
 * and no number spinner (a `type="number"` input has one, and drops a leading 0). The pattern
 * only hints (the forms are noValidate); the contract's schema is the check.
 */
export function FormPhoneField<TValues extends FieldValues>({
  control,
  name,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to a field
  control: Control<TValues, unknown, any>;
  name: FieldPath<TValues>;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Phone"
      type="tel"
      autoComplete="tel"
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      fullWidth
    />
  );
}
