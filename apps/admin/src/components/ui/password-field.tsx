import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/** A password input with a show/hide toggle whose accessible name says what it will do. */
export function PasswordField({ label, ...props }: TextFieldProps & { label: string }) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${isVisible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
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
