import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ActivityChanges } from '@shopdesk/contract';
import { useState } from 'react';
import { changeLines } from './activity-format';

/** A creation lists every field: past this many lines the rest waits behind a button. */
export const shownChanges = 4;

/** The changed fields, one "field: before → after" line each; nothing when none changed. */
export function ActivityChangesList({ changes }: { changes: ActivityChanges }) {
  const [isOpen, setIsOpen] = useState(false);
  const lines = changeLines(changes);
  if (lines.length === 0) return null;
  const isLong = lines.length > shownChanges + 1;
  const shown = isLong && !isOpen ? lines.slice(0, shownChanges) : lines;
  return (
    <Box sx={{ fontSize: 13, color: 'text.secondary' }}>
      <Box component="ul" aria-label="Changes" sx={{ m: 0, p: 0, listStyle: 'none', overflowWrap: 'anywhere' }}>
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      {isLong && (
        <Button size="small" onClick={() => setIsOpen(!isOpen)} sx={{ px: 0.5, minWidth: 0, textTransform: 'none' }}>
          {isOpen ? 'Show fewer' : `Show all ${lines.length} changes`}
        </Button>
      )}
    </Box>
  );
}
