import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { styled } from '@mui/material/styles';
import { useId, useState } from 'react';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';
import { PlainIconButton } from './plain-button';

/** Where the toggle sits at the input's end (MUI's InputAdornment, position end). */
const Adornment = styled('div')(({ theme }) => ({
  display: 'flex',
  maxHeight: '2em',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  color: theme.palette.action.active,
  marginLeft: 8,
}));

/**
 * A password input with a show/hide toggle. The toggle's name avoids repeating the field's
 * label, so "find the input labelled Password" stays unambiguous; aria-controls ties it to
 * its own input. Plain elements (OutlinedField, PlainIconButton): the sign-in page has one.
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
        <Adornment>
          <PlainIconButton
            type="button"
            aria-label={isVisible ? 'Hide characters' : 'Show characters'}
            aria-controls={inputId}
            onClick={() => setIsVisible((value) => !value)}
          >
            {isVisible ? <VisibilityOff /> : <Visibility />}
          </PlainIconButton>
        </Adornment>
      }
    />
  );
}
