import { mdiEye, mdiEyeOff } from '@mdi/js';
import { useId, useState } from 'react';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';
import { PlainIconButton } from './plain-button';
import { SvgPathIcon } from './svg-path-icon';

/**
 * A password input with a show/hide toggle. The toggle's name avoids repeating the field's
 * label, so "find the input labelled Password" stays unambiguous; aria-controls ties it to
 * its own input. Plain elements and CSS (OutlinedField, PlainIconButton): the sign-in page has one.
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
        <div className="sd-field-adornment">
          <PlainIconButton
            type="button"
            aria-label={isVisible ? 'Hide characters' : 'Show characters'}
            aria-controls={inputId}
            onClick={() => setIsVisible((value) => !value)}
          >
            <SvgPathIcon path={isVisible ? mdiEyeOff : mdiEye} />
          </PlainIconButton>
        </div>
      }
    />
  );
}
