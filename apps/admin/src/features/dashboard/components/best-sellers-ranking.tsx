import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { smallImageUrl } from '@shopdesk/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { formatRupees } from '../../../lib/format';
import { useBestSellers } from '../api/list-best-sellers';

/**
 * Products ranked by units actually sold (our addition to the spec's table, which lists
 * products whether they sold or not). Follows the same 'Category By' filter, read from the URL.
 */
export function BestSellersRanking() {
  const [params] = useSearchParams();
  const catId = params.get('catId') || 'all';
  const ranking = useBestSellers(catId);
  return (
    <Paper component="section" aria-labelledby="best-sellers-title" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography id="best-sellers-title" variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>
        Best Sellers
      </Typography>
      {ranking.isLoading && <LoadingState label="Loading best sellers..." />}
      {ranking.isError && <ErrorState error={ranking.error} onRetry={() => void ranking.refetch()} />}
      {ranking.data?.length === 0 && <EmptyState message="No sales yet" />}
      {ranking.data && ranking.data.length > 0 && (
        <Box component="ol" aria-label="Best sellers by units sold" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {ranking.data.map((product, index) => (
            <Box component="li" key={product.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
              <Typography sx={{ width: 24, fontWeight: 700 }}>{index + 1}</Typography>
              <Avatar variant="rounded" src={product.images[0] ? smallImageUrl(product.images[0]) : undefined} alt="" />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={`/product/details/${product.id}`} underline="hover" noWrap>
                  {product.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {product.unitsSold} sold · {formatRupees(product.revenue)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
