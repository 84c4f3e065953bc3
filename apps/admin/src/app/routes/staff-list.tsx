import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { InviteDialog } from '../../features/staff/components/invite-dialog';
import { StaffTable } from '../../features/staff/components/staff-table';

export default function StaffListScreen() {
  const [isInviting, setIsInviting] = useState(false);
  return (
    <>
      <PageHeader
        title="Staff"
        crumbs={[{ label: 'Settings' }, { label: 'Staff' }]}
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setIsInviting(true)}>
            Invite
          </Button>
        }
      />
      <Paper>
        <StaffTable />
      </Paper>
      <InviteDialog open={isInviting} onClose={() => setIsInviting(false)} />
    </>
  );
}
