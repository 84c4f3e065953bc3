import type { User } from '@shopdesk/contract';
import { SessionsPanel } from './sessions-panel';
import { TwoStepPanel } from './two-step-panel';

/** My Account's security tabs, in the shape the account tabs take (the screen joins them). */
export const accountSecurityTabs = [
  {
    key: 'two-step',
    label: 'Two-step sign-in',
    render: (user: User, refresh: () => void) => <TwoStepPanel user={user} onChanged={refresh} />,
  },
  { key: 'sessions', label: 'Sessions', render: () => <SessionsPanel /> },
];
