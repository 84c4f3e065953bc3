import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const focusRing = { '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } };

/**
 * A file input's button: a <label> styled as a button with the (visually hidden) file input
 * inside it as the one control. MUI would also make the label a focusable "button", which nests
 * two controls (axe: nested-interactive), so its role and tab stop are taken away; the focus
 * ring shows while the input inside has focus. Used by the image uploader and the CSV import.
 */
export function FileButton({
  icon,
  disabled,
  sx,
  children,
}: {
  icon: ReactNode;
  disabled: boolean;
  sx?: SxProps<Theme>;
  /** The label's text, then the file input. */
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useValidAriaRole: role={undefined} removes the role MUI adds
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      variant="outlined"
      startIcon={icon}
      disabled={disabled}
      sx={[focusRing, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Button>
  );
}
