import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ActivityEntry } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';
import { recordPath } from './activity-format';

/** The kind of record over its name, the name linked to the record's screen where one exists. */
export function ActivityRecord({ entry }: { entry: Pick<ActivityEntry, 'entity' | 'entityId' | 'entityName'> }) {
  const path = recordPath(entry.entity, entry.entityId);
  const name = entry.entityName || entry.entityId;
  return (
    <>
      <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {entry.entity}
      </Typography>
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
