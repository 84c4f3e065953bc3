import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../lib/permissions';

/**
 * The empty state of a catalogue list, with the way out: a link to the add screen, for a role
 * that may add (api.md §10).
 */
export function CategoriesEmpty({ message, to, linkLabel }: { message: string; to: string; linkLabel: string }) {
  const canWrite = useCan('catalogue:write');
  return (
    <Typography role="status" sx={{ p: 3, color: 'text.secondary' }}>
      {message}.{' '}
      {canWrite && (
        <Link component={RouterLink} to={to}>
          {linkLabel}
        </Link>
      )}
    </Typography>
  );
}
