import Paper from '@mui/material/Paper';
import type { BannerFamily } from '@shopdesk/contract';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useProgressWhile } from '../../../lib/progress';
import { useBanner } from '../api/get-banner';
import { BannerForm } from './banner-form';

/** Loads the saved banner, then shows the shared form preloaded with it. */
export function BannerEdit({ family, id }: { family: BannerFamily; id: string }) {
  const banner = useBanner(family, id);
  useProgressWhile(banner.isPending);
  if (banner.isPending)
    return (
      <Paper>
        <LoadingState />
      </Paper>
    );
  if (banner.isError)
    return (
      <Paper>
        <ErrorState error={banner.error} onRetry={() => void banner.refetch()} />
      </Paper>
    );
  // Keyed by id so moving to another banner's edit screen starts a fresh form.
  return <BannerForm key={id} family={family} banner={banner.data} />;
}
