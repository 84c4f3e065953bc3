import PeopleIcon from '@mui/icons-material/People';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { type CountBox, SummaryGrid } from './summary-grid';
import { useLastMonthTrend } from './use-last-month-trend';

/** The Dashboard's four count boxes (spec §2). */
export function DashboardSummary() {
  const { ordersGrow } = useLastMonthTrend();
  // Users, products and reviews keep no history to compare: they show as rising totals.
  // Orders compare the last 30 days with the 30 before.
  const boxes: CountBox[] = [
    { title: 'Total Users', source: 'users', color: ['#1b5e20', '#2e7d32'], grow: true, icon: <PeopleIcon /> },
    {
      title: 'Total Orders',
      source: 'orders',
      color: ['#880e4f', '#ad1457'],
      grow: ordersGrow,
      icon: <ShoppingCartIcon />,
    },
    {
      title: 'Total Products',
      source: 'products',
      color: ['#0d47a1', '#1565c0'],
      grow: true,
      icon: <ShoppingBagIcon />,
    },
    { title: 'Total Reviews', source: 'reviews', color: ['#4a148c', '#6a1b9a'], grow: true, icon: <RateReviewIcon /> },
  ];
  return <SummaryGrid boxes={boxes} columns={4} />;
}
