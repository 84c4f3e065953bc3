import Link from '@mui/material/Link';
import type { ActivityEntry } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';
import { recordPath } from './activity-format';

/** "product Galaxy Phone": the kind and the name, linked to the record's screen where one exists. */
export function ActivityRecord({ entry }: { entry: Pick<ActivityEntry, 'entity' | 'entityId' | 'entityName'> }) {
  const path = recordPath(entry.entity, entry.entityId);
  const name = entry.entityName || entry.entityId;
  return (
    <>
      <span>{entry.entity} </span>
      {path ? (
        <Link component={RouterLink} to={path}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
    </>
  );
}
