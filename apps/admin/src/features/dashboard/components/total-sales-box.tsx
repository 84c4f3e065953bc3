import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import { formatRupees } from '../../../lib/format';
import { useSales } from '../api/get-sales';
import { SummaryBox } from './summary-box';
import { useLastMonthTrend } from './use-last-month-trend';

/** All-time sales from the orders (the spec computes it; we show it). */
export function TotalSalesBox() {
  const allTime = useSales({});
  const { salesGrow } = useLastMonthTrend();
  return (
    <SummaryBox
      title="Total Sales"
      count={allTime.isError ? '—' : formatRupees(allTime.data?.totalSales ?? 0)}
      isLoading={allTime.isLoading}
      color={['#bf360c', '#a52714']}
      grow={salesGrow}
      icon={<CurrencyRupeeIcon />}
    />
  );
}
