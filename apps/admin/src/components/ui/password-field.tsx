import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, useState } from 'react';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

/**
 * A password input with a show/hide toggle. The toggle's name avoids repeating the field's
 * label, so "find the input labelled Password" stays unambiguous; aria-controls ties it to
 * its own input. Built on OutlinedField, so the sign-in page does not download Select.
 */
export function PasswordField(props: Omit<OutlinedFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  return (
    <OutlinedField
      {...props}
      id={inputId}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
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
      }
    />
  );
}
