import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export type Crumb = { label: string; to?: string };

/** Every screen's trail starts at Dashboard (spec §1); the last crumb is the current page. */
export function PageBreadcrumbs({ items = [] }: { items?: Crumb[] }) {
  const trail: Crumb[] = [{ label: 'Dashboard', to: '/' }, ...items];
  return (
    <Breadcrumbs aria-label="breadcrumb">
      {trail.map((crumb, index) =>
        crumb.to && (index < trail.length - 1 || trail.length === 1) ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
