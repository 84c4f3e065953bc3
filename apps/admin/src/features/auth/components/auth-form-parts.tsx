import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { dataFlag } from '../../../components/ui/data-flag';
import './auth.css';

/**
 * The parts of the sign-in and sign-up forms around their fields and buttons, as plain
 * elements and CSS (auth.css) with the look of MUI's Box, Link, Divider and Typography: the
 * sign-in page paints with none of MUI in its first download.
 */

/** The form: one column, 16 px between rows. */
export function AuthForm(props: ComponentProps<'form'>) {
  return <form {...props} className="sd-auth-form" />;
}

/** A link inside the app, underlined in the primary colour (MUI's Link, underline "always"). */
export function TextLink({ centred = false, ...props }: ComponentProps<typeof Link> & { centred?: boolean }) {
  return <Link {...props} className="sd-text-link" data-centred={dataFlag(centred)} />;
}

/** A line across the form with a word in its middle ("or"). */
export function OrDivider() {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot hold the word "or" (MUI's Divider with text is this div too).
    <div className="sd-or-divider" role="separator" aria-orientation="horizontal">
      <span>or</span>
    </div>
  );
}

/** A line of body text, centred. */
export function CenteredText(props: ComponentProps<'p'>) {
  return <p {...props} className="sd-centred-text" />;
}
