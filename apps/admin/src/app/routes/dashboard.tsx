import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';

export default function DashboardScreen() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Dashboard" />
      <Paper sx={{ p: 3 }}>
        <Typography>{user ? `Welcome back, ${user.name}.` : 'Welcome back.'}</Typography>
      </Paper>
    </>
  );
}
