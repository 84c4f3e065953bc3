import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page not found" crumbs={[{ label: 'Page not found' }]} />
      <Paper sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>
          There is no page at <code>{pathname}</code>.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Back to Dashboard
        </Button>
      </Paper>
    </>
  );
}
