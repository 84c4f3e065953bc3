import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { dataFlag } from './data-flag';
import './outlined-field.css';

export type OutlinedFieldProps = {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  id?: string;
  /** The input element, for focusing it (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
  /**
   * The field's error message: the field is marked invalid (aria-invalid, error colours) and
   * the message is its helper text (named by aria-describedby), in place of `helper`.
   */
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  /**
   * Helper text under the input: given the id to put on it (`<id>-helper-text`, which the
   * input's aria-describedby names), it returns e.g. a FormHelperText.
   */
  helper?: (helperTextId: string) => ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength, ...). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * A text input with the look of MUI's outlined TextField (label in the outline, raised into
 * its notch when focused or filled), drawn with plain elements. TextField
 * brings InputBase, its autosizing textarea, FormControl and Select (with Menu, Popover and
 * Modal): the sign-in page, whose two fields are these, would download all of them first.
 * Its styles are plain CSS (outlined-field.css, from base.css's palette): no MUI is needed to paint it.
 * The label's `for`, `<id>-label` and `<id>-helper-text` in aria-describedby are as TextField's.
 */
export function OutlinedField({
  label,
  id: idProp,
  fullWidth = false,
  helper,
  endAdornment,
  inputProps,
  inputRef,
  error,
  onBlur,
  ...input
}: OutlinedFieldProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helper || error ? `${id}-helper-text` : undefined;
  const [isFocused, setIsFocused] = useState(false);
  return (
    <div
      className="sd-field"
      data-full-width={dataFlag(fullWidth)}
      data-focused={dataFlag(isFocused)}
      data-filled={dataFlag(input.value !== '')}
      data-error={dataFlag(Boolean(error))}
    >
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="sd-field-box" data-adorned={dataFlag(endAdornment !== undefined)}>
        <input
          {...inputProps}
          {...input}
          id={id}
          ref={inputRef}
          aria-describedby={helperTextId}
          aria-invalid={error ? true : undefined}
          onFocus={() => setIsFocused(true)}
          onBlur={() => {
            setIsFocused(false);
            onBlur?.();
          }}
        />
        {endAdornment}
        <fieldset aria-hidden>
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && helperTextId ? (
        <p className="sd-field-error" id={helperTextId}>
          {error}
        </p>
      ) : helper && helperTextId ? (
        helper(helperTextId)
      ) : null}
    </div>
  );
}
