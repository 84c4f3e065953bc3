import Box from '@mui/material/Box';
import type { ActivityChanges } from '@shopdesk/contract';
import { changeLines } from './activity-format';

/** The changed fields, one "field: before → after" line each; nothing when none changed. */
export function ActivityChangesList({ changes }: { changes: ActivityChanges }) {
  const lines = changeLines(changes);
  if (lines.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Changes"
      sx={{ m: 0, p: 0, listStyle: 'none', fontSize: 13, overflowWrap: 'anywhere', color: 'text.secondary' }}
    >
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}
