import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId, useState } from 'react';

/**
 * A password input with a show/hide toggle. The toggle's name avoids repeating the field's
 * label, so "find the input labelled Password" stays unambiguous; aria-controls ties it to
 * its own input.
 */
export function PasswordField({ label, ...props }: TextFieldProps & { label: string }) {
  const [isVisible, setIsVisible] = useState(false);
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  return (
    <TextField
      {...props}
      id={inputId}
      label={label}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={isVisible ? 'Hide characters' : 'Show characters'}
                aria-controls={inputId}
                onClick={() => setIsVisible((value) => !value)}
                edge="end"
              >
                {isVisible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
