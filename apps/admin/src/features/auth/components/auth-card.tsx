import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The centred card of the sign-in and sign-up pages (no sidebar or header there). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} elevation={3}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 1 }}>
          <StorefrontIcon color="primary" fontSize="large" />
          <Typography component="span" sx={{ fontWeight: 700, fontSize: 22 }}>
            Shopdesk
          </Typography>
        </Box>
        <Typography variant="h1" sx={{ fontSize: 22, textAlign: 'center', mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
