import { type Banner, type BannerFamily, bannerFamilies, bannerFormSchema, productMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { ownUploads } from '../../lib/own-uploads';
import { findCategory } from '../categories/categories.repository';
import { moveToTrash } from '../trash/trash.repository';
import { trashMove } from '../trash/trash-move';
import * as repo from './banners.repository';

/** One service for the four banner families; the family names its messages and fields. */
export function bannersService(ctx: AppContext, family: BannerFamily) {
  const spec = bannerFamilies[family];

  const toBanner = (row: repo.BannerRow): Banner => ({
    id: row.id,
    _id: row.id,
    images: JSON.parse(row.images) as string[],
    ...(spec.hasCategory
      ? {
          catId: row.cat_id,
          catName: row.cat_name,
          subCat: row.sub_cat_name,
          subCatId: row.sub_cat_id,
          subCatName: row.sub_cat_name,
        }
      : {}),
  });

  /** Images, and for banners the category names looked up from their ids. */
  async function values(body: unknown) {
    const form = bannerFormSchema.parse(body);
    const names = { cat_id: '', cat_name: '', sub_cat_id: '', sub_cat_name: '' };
    if (spec.hasCategory && form.catId) {
      const category = await findCategory(ctx.db, form.catId);
      if (!category || category.parent_id) throw notFound(productMessages.invalidCategory);
      Object.assign(names, { cat_id: category.id, cat_name: category.name });
    }
    if (spec.hasCategory && form.subCatId) {
      const sub = await findCategory(ctx.db, form.subCatId);
      // The schema saw a category beside it; the sub category must be one of that category's.
      if (!sub?.parent_id || sub.parent_id !== names.cat_id) throw notFound(productMessages.invalidSubCategory);
      Object.assign(names, { sub_cat_id: sub.id, sub_cat_name: sub.name });
    }
    return { images: JSON.stringify(ownUploads(form.images)), ...names };
  }

  async function get(id: string) {
    const row = await repo.findBanner(ctx.db, family, id);
    if (!row) throw notFound('Not found');
    return toBanner(row);
  }

  return {
    list: async () => (await repo.listBanners(ctx.db, family)).map(toBanner),
    get,
    create: async (body: unknown) => {
      const id = newId();
      const now = nowIso(ctx.clock);
      const row = { id, family, ...(await values(body)), created_at: now, updated_at: now };
      await ctx.transaction(async (trx) => {
        await repo.insertBanner(trx, row);
        return id;
      });
      return get(id);
    },
    update: async (id: string, body: unknown) => {
      await get(id);
      const changed = { ...(await values(body)), updated_at: nowIso(ctx.clock) };
      await ctx.transaction((trx) => repo.updateBanner(trx, family, id, changed));
      return get(id);
    },
    remove: async (caller: Caller, id: string) => {
      if (!caller.permissions.has('catalogue:delete')) throw forbidden(spec.onlyOwner);
      const banner = await get(id);
      const name = [spec.title, banner.catName, banner.subCatName].filter(Boolean).join(' · ');
      const trashId = await ctx.transaction(async (trx) => {
        const moved = await moveToTrash(trx, { ...trashMove(ctx, caller), entity: family, entityId: id, name }, [
          ['banners', 'id', [id]],
        ]);
        if (!moved) throw notFound('Not found');
        return moved.trashId;
      });
      // Its images stay until the trash is purged.
      return { success: true as const, message: spec.deleted, trashId };
    },
  };
}
