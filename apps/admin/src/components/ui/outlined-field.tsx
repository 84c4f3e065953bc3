import FormControl from '@mui/material/FormControl';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type ReactNode, useId } from 'react';

export type OutlinedFieldProps = {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  id?: string;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  /**
   * Helper text under the input: given the id to put on it (`<id>-helper-text`, which the
   * input's aria-describedby names), it returns e.g. a FormHelperText. Passed in rather
   * than imported here, so the sign-in page (whose fields have none) does not load it.
   */
  helper?: (helperTextId: string) => ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength, ...). */
  inputProps?: InputBaseComponentProps;
};

/**
 * MUI's outlined TextField put together from the same parts it renders (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), with the same markup, classes and ids: the
 * label's `for`, `<id>-label`, `<id>-helper-text` in aria-describedby, aria-invalid from
 * `error`. TextField itself also imports Select (and with it Menu, Popover and Modal),
 * which the sign-in page would download for nothing.
 */
export function OutlinedField({
  label,
  id: idProp,
  fullWidth = false,
  error = false,
  required = false,
  disabled = false,
  helper,
  ...input
}: OutlinedFieldProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth={fullWidth}
      error={error}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} fullWidth={fullWidth} aria-describedby={helperTextId} />
      {helper && helperTextId ? helper(helperTextId) : null}
    </FormControl>
  );
}
