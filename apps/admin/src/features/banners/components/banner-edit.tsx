import Paper from '@mui/material/Paper';
import type { BannerFamily } from '@shopdesk/contract';
import { ChangedMeanwhile, namesRecord, useHeldCopy } from '../../../components/ui/changed-meanwhile';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useProgressWhile } from '../../../lib/progress';
import { bannerPath, useBanner } from '../api/get-banner';
import { BannerForm } from './banner-form';

/** Loads the saved banner, then shows the shared form preloaded with it. */
export function BannerEdit({ family, id }: { family: BannerFamily; id: string }) {
  const banner = useBanner(family, id);
  useProgressWhile(banner.isPending);
  // The copy the form holds: later reads (live refreshes) leave it alone until "Reload".
  const held = useHeldCopy(bannerPath(family, id), banner.data);
  if (held.copy)
    return (
      <>
        <ChangedMeanwhile
          path={bannerPath(family, id)}
          names={namesRecord(family, id)}
          onReload={() => held.reloadFrom(banner.refetch)}
        />
        {/* Keyed by id and copy: another banner, or a reload, starts a fresh form. */}
        <BannerForm key={`${id}:${held.version}`} family={family} banner={held.copy} />
      </>
    );
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
  return null;
}
