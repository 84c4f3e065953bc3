import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { orderExportQuerySchema, orderStatuses } from '@shopdesk/contract';
import { useState } from 'react';
import { useCan } from '../../../lib/permissions';
import { exportOrders } from '../api/export-csv';
import { ExportButton } from './export-button';

/** The select's values for "every status" and for an order's own empty status (shown as None). */
const anyStatus = 'all';
const noStatus = 'none';

/**
 * Orders List's export: a date range (inclusive, UTC days) and a status, then "Export CSV".
 * These are the export's own options (the list itself has no filters), so they stay in the
 * form rather than the address. Checked with the server's schema: a bad range is refused here
 * with the server's words.
 */
export function OrderExportControls() {
  const canExport = useCan('export');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<string>(anyStatus);
  if (!canExport) return null;

  const run = () => {
    const parsed = orderExportQuerySchema.safeParse({
      from: from || undefined,
      to: to || undefined,
      status: status === anyStatus ? undefined : status === noStatus ? '' : status,
    });
    if (!parsed.success) return Promise.reject(new Error(parsed.error.issues[0]?.message));
    return exportOrders(parsed.data);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        type="date"
        size="small"
        label="From"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value={anyStatus}>All</MenuItem>
        {orderStatuses.map((value) => (
          <MenuItem key={value || noStatus} value={value || noStatus}>
            {value || <em>None</em>}
          </MenuItem>
        ))}
      </TextField>
      <ExportButton run={run} />
    </Box>
  );
}
