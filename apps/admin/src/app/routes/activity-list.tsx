import Paper from '@mui/material/Paper';
import type { ActivityActor } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/ui/page-header';
import { ActivityFilters } from '../../features/activity/components/activity-filters';
import { ActivityTable } from '../../features/activity/components/activity-table';
import { toApiFilters, useActivityFilters } from '../../features/activity/components/use-activity-filters';
import { staffQueryOptions } from '../../features/staff/api/list-staff';
import { useCan } from '../../lib/permissions';

/**
 * The staff to pick "who" from: GET /api/staff needs staff:manage, so without it (or while it
 * fails) the filter takes an account id instead. Pending invitations have made no changes.
 */
function usePeople(): ActivityActor[] | undefined {
  const canListStaff = useCan('staff:manage');
  const staff = useQuery({ ...staffQueryOptions(), enabled: canListStaff });
  if (!canListStaff || staff.isError) return undefined;
  return (staff.data ?? []).filter((member) => !member.invited).map(({ id, name, email }) => ({ id, name, email }));
}

/** Settings → Activity (api.md §11): who changed what, when, filtered; needs audit:read. */
export default function ActivityListScreen() {
  const { values, isFiltered, update, clear } = useActivityFilters();
  const people = usePeople();
  return (
    <>
      <PageHeader title="Activity" crumbs={[{ label: 'Settings' }, { label: 'Activity' }]} />
      <Paper sx={{ p: 2, mb: 3 }}>
        <ActivityFilters values={values} onChange={update} onClear={clear} isFiltered={isFiltered} people={people} />
      </Paper>
      <Paper>
        <ActivityTable filters={toApiFilters(values)} isFiltered={isFiltered} />
      </Paper>
    </>
  );
}
