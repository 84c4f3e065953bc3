import Box from '@mui/material/Box';
import type { Sales } from '@shopdesk/contract';
import { formatRupees } from '../../../lib/format';
import { periodLabel } from './sales-periods';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The chart's numbers as a table for screen readers (the canvas itself says nothing). */
export function SalesTable({ series, caption }: { series: Sales['series']; caption: string }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Period</th>
          <th scope="col">Sales</th>
          <th scope="col">Orders</th>
        </tr>
      </thead>
      <tbody>
        {series.map((point) => (
          <tr key={point.period}>
            <th scope="row">{periodLabel(point.period)}</th>
            <td>{formatRupees(point.sales)}</td>
            <td>{point.orders}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
