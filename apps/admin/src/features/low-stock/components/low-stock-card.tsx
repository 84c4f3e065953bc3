import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { lowStockCardRows, useLowStock } from '../api/list-low-stock';

/** The card's words. */
export const lowStockWords = {
  title: 'Low stock',
  loading: 'Loading low stock...',
  empty: 'No products are low on stock',
  table: 'Products low on stock, lowest stock first',
  seeAll: 'See all low-stock products',
} as const;

/** The Product List with its "Low stock" filter on: every low product, page by page. */
export const allLowStockPath = '/products?lowStock=true';

/**
 * The Dashboard's "Low stock" card (api.md §15): each product at or below its low-stock line,
 * lowest stock first, with its stock and the line (its own threshold or the shop's default).
 * It lists the first `lowStockCardRows`; when there may be more, a link opens the rest on the
 * Product List.
 * Live: a product's change or a `stock.low` event refreshes it (app/live-updates.tsx).
 */
export function LowStockCard() {
  const low = useLowStock();
  return (
    <Paper component="section" aria-labelledby="low-stock-title" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id="low-stock-title" variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>
        {lowStockWords.title}
      </Typography>
      {low.isLoading && <LoadingState label={lowStockWords.loading} />}
      {low.isError && <ErrorState error={low.error} onRetry={() => void low.refetch()} />}
      {low.data?.length === 0 && <EmptyState message={lowStockWords.empty} />}
      {low.data && low.data.length > 0 && (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={lowStockWords.table}>
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell align="right">Stock</TableCell>
                <TableCell align="right">Threshold</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {low.data.map((product) => (
                <TableRow key={product.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/product/details/${product.id}`} underline="hover">
                      {product.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{product.countInStock}</TableCell>
                  <TableCell align="right">{product.lowStockLine}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {low.data && low.data.length >= lowStockCardRows && (
        <Link component={RouterLink} to={allLowStockPath} underline="hover" sx={{ display: 'inline-block', mt: 2 }}>
          {lowStockWords.seeAll}
        </Link>
      )}
    </Paper>
  );
}
