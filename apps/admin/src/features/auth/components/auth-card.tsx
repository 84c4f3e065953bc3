import StorefrontIcon from '@mui/icons-material/Storefront';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

const Page = styled('main')(({ theme }) => ({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: theme.spacing(2),
  backgroundColor: theme.palette.background.default,
}));

const Brand = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(1),
  marginBottom: theme.spacing(1),
  '& > span': { ...theme.typography.body1, fontWeight: 700, fontSize: 22 },
}));

const Title = styled('h1')(({ theme }) => ({
  ...theme.typography.h1,
  margin: `0 0 ${theme.spacing(3)}`,
  fontSize: 22,
  textAlign: 'center',
}));

/**
 * The centred card of the sign-in and sign-up pages (no sidebar or header there). Plain
 * elements styled from the theme around MUI's Paper: the sign-in page's first download
 * carries no Box or Typography.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} elevation={3}>
        <Brand>
          <StorefrontIcon color="primary" fontSize="large" />
          <span>Shopdesk</span>
        </Brand>
        <Title>{title}</Title>
        {children}
      </Paper>
    </Page>
  );
}
