import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useOwnerDelete } from '../../../components/ui/use-owner-delete';
import { useCan } from '../../../lib/permissions';
import { useProgressWhile } from '../../../lib/progress';
import { bannerKeys } from '../api/banner-keys';
import { deleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/list-banners';
import { BannerRow } from './banner-row';
import { bannerWords } from './banner-words';

/** The list of one banner family: first image, category names (when it has them), actions. */
export function BannerList({ family }: { family: BannerFamily }) {
  const spec = bannerFamilies[family];
  const banners = useBanners(family);
  useProgressWhile(banners.isFetching);
  const remover = useOwnerDelete({
    onlyOwnerMessage: spec.onlyOwner,
    remove: (id) => deleteBanner(family, id),
    invalidate: [bannerKeys.all(family)],
  });
  const canWrite = useCan('catalogue:write');

  let body: ReactNode;
  if (banners.isPending) body = <LoadingState />;
  else if (banners.isError) body = <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />;
  else if (banners.data.length === 0) body = <EmptyState message={bannerWords.empty(spec.title)} />;
  else
    body = (
      <TableContainer>
        <Table>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Image</TableCell>
              {spec.hasCategory && <TableCell sx={{ fontWeight: 700 }}>Category</TableCell>}
              {spec.hasCategory && <TableCell sx={{ fontWeight: 700 }}>Sub Category</TableCell>}
              <TableCell sx={{ fontWeight: 700 }}>Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {banners.data.map((banner, index) => (
              <BannerRow
                key={banner.id}
                family={family}
                banner={banner}
                position={index + 1}
                onDelete={() => remover.deleteItem(banner.id)}
                isDeleting={remover.deletingId === banner.id}
                canEdit={canWrite}
                canDelete={remover.isShown}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return <Paper sx={{ p: 2 }}>{body}</Paper>;
}
