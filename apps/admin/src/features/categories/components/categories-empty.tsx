import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The empty state of a catalogue list, with the way out: a link to the add screen. */
export function CategoriesEmpty({ message, to, linkLabel }: { message: string; to: string; linkLabel: string }) {
  return (
    <Typography role="status" sx={{ p: 3, color: 'text.secondary' }}>
      {message}.{' '}
      <Link component={RouterLink} to={to}>
        {linkLabel}
      </Link>
    </Typography>
  );
}
