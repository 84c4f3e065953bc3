import { type CSSObject, styled, type Theme } from '@mui/material/styles';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';

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

/** The outline's colour at rest: the one MUI's outlined inputs use (the palette has no token for it). */
const borderColor = (theme: Theme) =>
  theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';

/** The label's place once raised into the outline's notch, and the notch opened for it. */
const raised: CSSObject = {
  '& > label': { userSelect: 'none', maxWidth: 'calc(133% - 32px)', transform: 'translate(14px, -9px) scale(0.75)' },
  '& legend': { maxWidth: '100%', transitionDuration: '100ms', transitionDelay: '50ms' },
};

/** One styled element per field; its parts are plain elements (see OutlinedField). */
const Root = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  verticalAlign: 'top',
  '&[data-full-width], &[data-full-width] > .field-box': { width: '100%' },
  '& > label': {
    ...theme.typography.body1,
    color: theme.palette.text.secondary,
    lineHeight: '1.4375em',
    display: 'block',
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    pointerEvents: 'none',
    transformOrigin: 'top left',
    transform: 'translate(14px, 16px) scale(1)',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: 'calc(100% - 24px)',
    transition: theme.transitions.create(['color', 'transform', 'max-width'], {
      duration: theme.transitions.duration.shorter,
      easing: theme.transitions.easing.easeOut,
    }),
  },
  '& > .field-box': {
    ...theme.typography.body1,
    color: theme.palette.text.primary,
    lineHeight: '1.4375em',
    boxSizing: 'border-box',
    position: 'relative',
    cursor: 'text',
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: theme.shape.borderRadius,
  },
  '& > .field-box[data-adorned]': { paddingRight: 14 },
  '& input': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    padding: '16.5px 14px',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    height: '1.4375em',
    margin: 0,
    WebkitTapHighlightColor: 'transparent',
    display: 'block',
    minWidth: 0,
    width: '100%',
    '&:focus': { outline: 0 },
    '&:invalid': { boxShadow: 'none' },
    // Dark mode: the browser's own autofill colours would be unreadable on the dark paper.
    '&:-webkit-autofill': {
      borderRadius: 'inherit',
      ...(theme.palette.mode === 'dark' && {
        WebkitBoxShadow: '0 0 0 100px #266798 inset',
        WebkitTextFillColor: '#fff',
        caretColor: '#fff',
      }),
    },
  },
  '& [data-adorned] > input': { paddingRight: 0 },
  '& fieldset': {
    textAlign: 'left',
    position: 'absolute',
    inset: '-5px 0 0 0',
    margin: 0,
    padding: '0 8px',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    borderStyle: 'solid',
    borderWidth: 1,
    overflow: 'hidden',
    minWidth: '0%',
    borderColor: borderColor(theme),
  },
  // The notch: the label's words, invisible, at its raised size, open only while it is raised.
  '& legend': {
    float: 'unset',
    width: 'auto',
    overflow: 'hidden',
    display: 'block',
    padding: 0,
    height: 11,
    fontSize: '0.75em',
    visibility: 'hidden',
    maxWidth: 0.01,
    whiteSpace: 'nowrap',
    transition: theme.transitions.create('max-width', { duration: 50, easing: theme.transitions.easing.easeOut }),
    '& > span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block', opacity: 0, visibility: 'visible' },
  },
  '& > .field-box:hover > fieldset': { borderColor: theme.palette.text.primary },
  '@media (hover: none)': { '& > .field-box:hover > fieldset': { borderColor: borderColor(theme) } },
  '&[data-focused] > label': { color: theme.palette.primary.main },
  // An error wins over focus, as in MUI's TextField.
  '&[data-error] > label': { color: theme.palette.error.main },
  '&[data-error] > .field-box > fieldset, &[data-error] > .field-box:hover > fieldset': {
    borderColor: theme.palette.error.main,
  },
  '& > .field-error': {
    ...theme.typography.caption,
    color: theme.palette.error.main,
    margin: '3px 14px 0',
    textAlign: 'left',
  },
  '&[data-focused] > .field-box > fieldset': { borderColor: theme.palette.primary.main, borderWidth: 2 },
  // Raised when focused, filled, or filled in by the browser's autofill (which React does not see).
  '&[data-focused], &[data-filled]': raised,
  '&:has(input:autofill)': raised,
  '&:has(input:-webkit-autofill)': raised,
}));

/**
 * A text input with the look of MUI's outlined TextField (label in the outline, raised into
 * its notch when focused or filled), drawn with plain elements from the theme. TextField
 * brings InputBase, its autosizing textarea, FormControl and Select (with Menu, Popover and
 * Modal): the sign-in page, whose two fields are these, would download all of them first.
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
  const flag = (on: boolean) => (on ? '' : undefined);
  return (
    <Root
      data-full-width={flag(fullWidth)}
      data-focused={flag(isFocused)}
      data-filled={flag(input.value !== '')}
      data-error={flag(Boolean(error))}
    >
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="field-box" data-adorned={flag(endAdornment !== undefined)}>
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
        <p className="field-error" id={helperTextId}>
          {error}
        </p>
      ) : helper && helperTextId ? (
        helper(helperTextId)
      ) : null}
    </Root>
  );
}
