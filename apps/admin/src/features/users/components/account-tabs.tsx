import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { useProgressWhile } from '../../../lib/progress';
import { useUser } from '../api/get-user';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

const tabs = ['Edit Profile', 'Change Password'] as const;

export function AccountTabs({ userId }: { userId: string }) {
  const [tab, setTab] = useState(0);
  const user = useUser(userId);
  useProgressWhile(user.isLoading);

  return (
    <Paper>
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label="My Account sections">
        {tabs.map((label, index) => (
          <Tab key={label} label={label} id={`account-tab-${index}`} aria-controls={`account-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`} sx={{ p: 3 }}>
        {user.isLoading ? (
          <LoadingState />
        ) : user.isError ? (
          <ErrorState error={user.error} onRetry={() => void user.refetch()} />
        ) : !user.data ? (
          <EmptyState message={uiMessages.noProfile} />
        ) : tab === 0 ? (
          <ProfileForm key={user.data.id} user={user.data} />
        ) : (
          <ChangePasswordForm user={user.data} />
        )}
      </Box>
    </Paper>
  );
}
