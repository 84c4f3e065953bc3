import Grid from '@mui/material/Grid';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { NearView } from '../../components/ui/near-view';
import { PageHeader } from '../../components/ui/page-header';
import { prefetchDashboard } from '../../features/dashboard/api/prefetch-dashboard';
import { BestSellersRanking } from '../../features/dashboard/components/best-sellers-ranking';
import { DashboardSummary } from '../../features/dashboard/components/dashboard-summary';
import { SalesChartCard } from '../../features/dashboard/components/sales-chart-card';
import { TotalSalesBox } from '../../features/dashboard/components/total-sales-box';
import { LowStockCard } from '../../features/low-stock/components/low-stock-card';
import { BestSellingProducts } from '../../features/products/components/best-selling-products';
import { hasToken } from '../../lib/session';
import { queryClient } from '../query-client';

// The figures are asked for as soon as this screen's code arrives, while React is still
// drawing the screen, rather than after it: the Total Sales figure (the page's largest
// text) shows that much sooner. Later visits read them through the screen's own queries.
if (hasToken()) prefetchDashboard(queryClient, window.location.search);

/**
 * Counts, sales and the Best Selling Products card (spec §2), with a real best-seller ranking.
 * The figures at the top draw first; the chart and the cards below them right after
 * (AfterFirstPaint), and the product table once its place nears the view (NearView), so a
 * phone paints the figures without waiting for the table's and the chart's work
 * (docs/architecture.md, "The dashboard's download").
 */
export default function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <DashboardSummary />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TotalSalesBox />
          <BestSellersRanking />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <AfterFirstPaint>
            <SalesChartCard />
          </AfterFirstPaint>
        </Grid>
      </Grid>
      <AfterFirstPaint>
        <LowStockCard />
        <NearView minHeight={600}>
          <BestSellingProducts />
        </NearView>
      </AfterFirstPaint>
    </>
  );
}
