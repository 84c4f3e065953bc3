import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { OutlinedField, type OutlinedFieldProps } from '../ui/outlined-field';
import { PasswordField } from '../ui/password-field';

type Props<TValues extends FieldValues> = Omit<
  OutlinedFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to a field
  control: Control<TValues, unknown, any>;
  name: FieldPath<TValues>;
  /** A password input with its show/hide toggle. */
  password?: boolean;
};

/**
 * The plain-element field of the signed-out screens (OutlinedField, PasswordField) bound to a
 * react-hook-form field, marked, described and focused as FormTextField is.
 */
export function FormOutlinedField<TValues extends FieldValues>({ control, name, password, ...props }: Props<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const bound = {
          ...props,
          value: (field.value as string | undefined) ?? '',
          onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: fieldState.error?.message,
        };
        return password ? <PasswordField {...bound} /> : <OutlinedField {...bound} />;
      }}
    />
  );
}
