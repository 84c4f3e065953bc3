import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Crumb, PageBreadcrumbs } from './page-breadcrumbs';

/** Title + breadcrumb card at the top of every shell screen, with room for actions. */
export function PageHeader({ title, crumbs, actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  return (
    <Paper
      sx={{
        p: 2.5,
        mb: 3,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Box>
        <Typography variant="h1" sx={{ fontSize: 24, fontWeight: 700, mb: 0.5 }}>
          {title}
        </Typography>
        <PageBreadcrumbs items={crumbs} />
      </Box>
      {actions}
    </Paper>
  );
}
