import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { formatRupees } from '../../../lib/format';
import { useSales } from '../api/get-sales';
import { comparePeriods, comparisonQuery, type SalesPeriod, salesPeriods } from './sales-periods';
import { SalesTable } from './sales-table';

// The charting library is downloaded only when a chart is drawn, never with the shell.
const SalesChartCanvas = lazy(() => import('./sales-chart-canvas'));

/** Sales over the last 12 months (by month) or 7/30/90 days (by day), against the period before. */
export function SalesChartCard() {
  const [period, setPeriod] = useState<SalesPeriod>('12m');
  const { query, size } = useMemo(() => comparisonQuery(period), [period]);
  const sales = useSales(query);
  const figures = sales.data ? comparePeriods(sales.data.series, size) : undefined;
  const label = salesPeriods.find((option) => option.value === period)?.label ?? '';
  return (
    <Paper component="section" aria-labelledby="sales-chart-title" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="sales-chart-title" variant="h2" sx={{ fontSize: 20, fontWeight: 700 }}>
          Sales
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          aria-label="Sales period"
          onChange={(_, next: SalesPeriod | null) => next && setPeriod(next)}
        >
          {salesPeriods.map((option) => (
            <ToggleButton key={option.value} value={option.value}>
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {sales.isLoading && <LoadingState label="Loading sales..." />}
      {sales.isError && <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />}
      {figures && (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline', mb: 1 }}>
            <Typography sx={{ fontSize: 24, fontWeight: 700 }}>{formatRupees(figures.sales)}</Typography>
            <Typography color="text.secondary">
              {figures.orders} {figures.orders === 1 ? 'order' : 'orders'} in the last {label}
            </Typography>
            <Change change={figures.change} label={label} />
          </Box>
          <Suspense fallback={<Box sx={{ height: 260 }} />}>
            <SalesChartCanvas series={figures.series} />
          </Suspense>
          <SalesTable series={figures.series} caption={`Sales in the last ${label}`} />
        </>
      )}
    </Paper>
  );
}

function Change({ change, label }: { change: number | null; label: string }) {
  if (change === null) {
    return <Typography color="text.secondary">No sales in the previous {label} to compare</Typography>;
  }
  const isUp = change >= 0;
  const Icon = isUp ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Typography
      color={isUp ? 'success.main' : 'error.main'}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <Icon fontSize="small" aria-hidden />
      {`${isUp ? '+' : ''}${change}% vs previous ${label}`}
    </Typography>
  );
}
