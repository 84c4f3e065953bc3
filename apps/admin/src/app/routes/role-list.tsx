import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { Role } from '@shopdesk/contract';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { RoleDialog } from '../../features/staff/components/role-dialog';
import { RoleTable } from '../../features/staff/components/role-table';

export default function RoleListScreen() {
  // undefined: no dialog; null: a new role; a role: that role's edit.
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  return (
    <>
      <PageHeader
        title="Roles"
        crumbs={[{ label: 'Settings' }, { label: 'Roles' }]}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            New role
          </Button>
        }
      />
      <Paper>
        <RoleTable onEdit={setEditing} />
      </Paper>
      {editing !== undefined && (
        <RoleDialog key={editing?.id ?? 'new'} role={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
