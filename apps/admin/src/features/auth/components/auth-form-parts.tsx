import { alpha, styled } from '@mui/material/styles';
import { Link } from 'react-router';

/**
 * The parts of the sign-in and sign-up forms around their fields and buttons, as plain
 * elements styled from the theme with the look of MUI's Box, Link, Divider and Typography
 * there: the sign-in page paints with none of those components in its first download.
 */

/** The form: one column, 16 px between rows. */
export const AuthForm = styled('form')(({ theme }) => ({ display: 'grid', gap: theme.spacing(2) }));

/** A link inside the app, underlined in the primary colour (MUI's Link, underline "always"). */
export const TextLink = styled(Link)(({ theme }) => ({
  margin: 0,
  font: 'inherit',
  lineHeight: 'inherit',
  letterSpacing: 'inherit',
  color: theme.palette.primary.main,
  textDecoration: 'underline',
  textDecorationColor: alpha(theme.palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
}));

/** A line across the form with a word in its middle ("or"). */
const Separator = styled('div')(({ theme }) => ({
  display: 'flex',
  flexShrink: 0,
  margin: 0,
  textAlign: 'center',
  whiteSpace: 'nowrap',
  '&::before, &::after': {
    content: '""',
    alignSelf: 'center',
    width: '100%',
    borderTop: `thin solid ${theme.palette.divider}`,
  },
  '& > span': { display: 'inline-block', paddingInline: `calc(${theme.spacing(1)} * 1.2)` },
}));

export function OrDivider() {
  return (
    <Separator role="separator" aria-orientation="horizontal">
      <span>or</span>
    </Separator>
  );
}

/** A line of body text, centred. */
export const CenteredText = styled('p')(({ theme }) => ({ ...theme.typography.body1, margin: 0, textAlign: 'center' }));
