import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<TValues extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to a field
  control: Control<TValues, unknown, any>;
  name: FieldPath<TValues>;
  /** Called after the form's own change handler (a field that resets another, say). */
  onValueChange?: (value: unknown) => void;
};

/**
 * MUI's TextField bound to a react-hook-form field: its error marks it (aria-invalid), its
 * message is the helper text (aria-describedby names it) in place of `helperText`, and the
 * input takes focus when the form's first error is its own.
 */
export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  helperText,
  onValueChange,
  ...props
}: FormTextFieldProps<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
