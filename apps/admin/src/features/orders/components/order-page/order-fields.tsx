import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@shopdesk/contract';
import { formatDate, formatRupees } from '../../../../lib/format';

/** Spec §3: the date is shown as the part before the 'T'. */

/** The order's fields under the Orders List's column words (spec §2, 'Paymant Id' included). */
function fieldsOf(order: Order): [string, string][] {
  const fields: [string, string][] = [
    ['Paymant Id', order.paymentId],
    ['Name', order.name],
    ['Phone Number', order.phoneNumber],
    ['Address', order.address],
    ['Pincode', order.pincode],
    ['Email', order.email],
    ['User Id', order.userid || order.userId],
    ['Total Amount', formatRupees(order.amount)],
    ['Date Created', formatDate(order.date)],
  ];
  if (order.invoiceNumber !== undefined) fields.push(['Invoice Number', String(order.invoiceNumber)]);
  return fields;
}

export function OrderFields({ order }: { order: Order }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 3, rowGap: 1 }}
    >
      {fieldsOf(order).map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
