import { type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { api } from '../../../lib/api-client';

type Deleted = { success: true; message: string; trashId: string };

/** Owner only (spec §6); callers go through the shared owner-checked delete action. */
export function deleteBanner(family: BannerFamily, id: string): Promise<Deleted> {
  return api.delete<Deleted>(`${bannerFamilies[family].apiPath}/${encodeURIComponent(id)}`);
}
