import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { User } from '@shopdesk/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { useProgressWhile } from '../../../lib/progress';
import { useUser } from '../api/get-user';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

/** One tab: `key` names it in the address (?tab=key); `render` gets the loaded user and a refresh. */
export type AccountTab = { key: string; label: string; render: (user: User, refresh: () => void) => ReactNode };

const ownTabs: AccountTab[] = [
  { key: 'profile', label: 'Edit Profile', render: (user) => <ProfileForm key={user.id} user={user} /> },
  { key: 'password', label: 'Change Password', render: (user) => <ChangePasswordForm user={user} /> },
];

/** The screen adds other features' tabs (features do not import each other). */
export function AccountTabs({ userId, extraTabs = [] }: { userId: string; extraTabs?: AccountTab[] }) {
  const tabs = [...ownTabs, ...extraTabs];
  const [params, setParams] = useSearchParams();
  const tab = Math.max(
    0,
    tabs.findIndex((item) => item.key === params.get('tab')),
  );
  const user = useUser(userId);
  useProgressWhile(user.isLoading);

  return (
    <Paper>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setParams({ tab: tabs[value]?.key ?? '' }, { replace: true })}
        aria-label="My Account sections"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((item, index) => (
          <Tab key={item.key} label={item.label} id={`account-tab-${index}`} aria-controls={`account-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`} sx={{ p: 3 }}>
        {user.isLoading ? (
          <LoadingState />
        ) : user.isError ? (
          <ErrorState error={user.error} onRetry={() => void user.refetch()} />
        ) : !user.data ? (
          <EmptyState message={uiMessages.noProfile} />
        ) : (
          tabs[tab]?.render(user.data, () => void user.refetch())
        )}
      </Box>
    </Paper>
  );
}
