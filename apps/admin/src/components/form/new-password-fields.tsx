import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormOutlinedField } from './form-outlined-field';

/** "Password" and "Confirm Password" of a new account (sign up, accepting an invitation). */
export function NewPasswordFields<TValues extends FieldValues & { password: string; confirmPassword: string }>({
  control,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to a field
  control: Control<TValues, unknown, any>;
}) {
  return (
    <>
      <FormOutlinedField
        control={control}
        name={'password' as FieldPath<TValues>}
        password
        label="Password"
        autoComplete="new-password"
        fullWidth
      />
      <FormOutlinedField
        control={control}
        name={'confirmPassword' as FieldPath<TValues>}
        password
        label="Confirm Password"
        autoComplete="new-password"
        fullWidth
      />
    </>
  );
}
