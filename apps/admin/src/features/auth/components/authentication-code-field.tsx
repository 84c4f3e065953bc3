import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import type { Ref } from 'react';
import { OutlinedField } from '../../../components/ui/outlined-field';

type Props = {
  prompt: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The code's error message (the form's), marking the field. */
  error?: string | undefined;
};

/**
 * The second step of sign-in: a 6-digit code from the authenticator app, or one of the
 * recovery codes (so no digits-only pattern). `one-time-code` lets phones offer the code.
 */
export function AuthenticationCodeField({ prompt, value, onChange, onBlur, inputRef, error }: Props) {
  return (
    <>
      <Alert severity="info" variant="outlined">
        {prompt}
      </Alert>
      <OutlinedField
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        error={error}
        helper={(id) => <FormHelperText id={id}>Or enter one of your recovery codes</FormHelperText>}
        inputProps={{ inputMode: 'numeric', maxLength: 64, spellCheck: false }}
        fullWidth
      />
    </>
  );
}
