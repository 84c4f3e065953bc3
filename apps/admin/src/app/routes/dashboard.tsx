import Grid from '@mui/material/Grid';
import { PageHeader } from '../../components/ui/page-header';
import { BestSellersRanking } from '../../features/dashboard/components/best-sellers-ranking';
import { DashboardSummary } from '../../features/dashboard/components/dashboard-summary';
import { SalesChartCard } from '../../features/dashboard/components/sales-chart-card';
import { TotalSalesBox } from '../../features/dashboard/components/total-sales-box';
import { BestSellingProducts } from '../../features/products/components/best-selling-products';

/** Counts, sales and the Best Selling Products card (spec §2), with a real best-seller ranking. */
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
          <SalesChartCard />
        </Grid>
      </Grid>
      <BestSellingProducts />
    </>
  );
}
