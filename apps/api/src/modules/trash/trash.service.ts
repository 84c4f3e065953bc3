import {
  bannerFamilyNames,
  catalogueMessages,
  type OptionFamily,
  optionEntity,
  optionFamilyNames,
  type TrashEntity,
  type TrashEntry,
  trashMessages,
} from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounters, counterNames } from '../../db/counters';
import type { Db } from '../../db/create-db';
import type { Caller } from '../../lib/caller';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { bannersService } from '../banners/banners.service';
import { findByLevelName, findCategory } from '../categories/categories.repository';
import { getCategory } from '../categories/categories.service';
import { removeUnusedImages } from '../images/images.service';
import { findOptionByValue } from '../option-values/option-values.repository';
import { optionValuesService } from '../option-values/option-values.service';
import { storeProductJson } from '../products/product-json';
import { getProduct } from '../products/products.service';
import * as repo from './trash.repository';

const optionFamilyOf = (entity: string): OptionFamily | undefined =>
  optionFamilyNames.find((family) => optionEntity(family) === entity);
const bannerFamilyOf = (entity: string) => bannerFamilyNames.find((family) => family === entity);

/** `GET /api/trash`: newest first, optionally one kind of record. */
export async function listTrash(ctx: AppContext, entity: TrashEntity | undefined): Promise<TrashEntry[]> {
  const rows = await repo.listTrash(ctx.db, entity);
  return rows.map((row) => ({
    trashId: row.id,
    entity: row.entity as TrashEntity,
    entityId: row.entity_id,
    name: row.name,
    deletedAt: row.deleted_at,
    deletedBy:
      row.deleted_by && row.deleted_by_name !== null
        ? { id: row.deleted_by, name: row.deleted_by_name, email: row.deleted_by_email ?? '' }
        : null,
    purgeAt: row.purge_at,
  }));
}

/**
 * Makes sure a category is live for a record coming back: restores its trash entry in the same
 * transaction when it is in the trash; 409 when it was purged.
 */
async function ensureCategory(trx: Db, id: string, goneMessage: string): Promise<{ name: string }> {
  const live = await findCategory(trx, id);
  if (live) return live;
  const entry = await repo.findTrashOf(trx, 'category', id);
  if (!entry) throw conflict(goneMessage);
  await restoreEntry(trx, entry.id);
  const back = await findCategory(trx, id);
  if (!back) throw conflict(goneMessage);
  return back;
}

async function restoreProduct(trx: Db, snapshot: repo.Snapshot): Promise<void> {
  const [product] = repo.rowsOf(snapshot, 'products') as Array<{
    id: string;
    cat_id: string;
    sub_cat_id: string | null;
  }>;
  if (!product) return;
  const category = await ensureCategory(trx, product.cat_id, trashMessages.categoryPurged);
  const sub = product.sub_cat_id
    ? await ensureCategory(trx, product.sub_cat_id, trashMessages.categoryPurged)
    : undefined;
  // The names as they are now (a category renamed meanwhile), as a product saved now would have them.
  Object.assign(product, { cat_name: category.name, sub_cat_name: sub?.name ?? '' });
  await repo.putRows(trx, snapshot);
  await storeProductJson(trx, { productId: product.id });
  await bumpCounters(trx, [
    [counterNames.products, 1],
    [counterNames.reviews, repo.rowsOf(snapshot, 'product_reviews').length],
  ]);
}

async function restoreCategory(trx: Db, id: string, snapshot: repo.Snapshot): Promise<void> {
  const self = repo.rowsOf(snapshot, 'categories').find((row) => row.id === id) as
    | { name: string; parent_id: string | null }
    | undefined;
  if (!self) return;
  if (self.parent_id) await ensureCategory(trx, self.parent_id, trashMessages.parentPurged);
  if (await findByLevelName(trx, self.parent_id, self.name))
    throw conflict(catalogueMessages.categoryExists(self.name));
  await repo.putRows(trx, snapshot);
}

/** Takes one entry out of the trash and puts its rows back (404 when it is gone already). */
async function restoreEntry(trx: Db, trashId: string): Promise<void> {
  const claimed = await repo.claimTrash(trx, trashId);
  if (!claimed) throw notFound(trashMessages.notFound);
  const { entity, entity_id: id, snapshot } = claimed;
  if (entity === 'product') await restoreProduct(trx, snapshot);
  else if (entity === 'category') await restoreCategory(trx, id, snapshot);
  else {
    const family = optionFamilyOf(entity);
    const [option] = repo.rowsOf(snapshot, 'option_values') as Array<{ value: string }>;
    if (family && option && (await findOptionByValue(trx, family, option.value))) {
      throw conflict(catalogueMessages.optionExists(option.value));
    }
    await repo.putRows(trx, snapshot);
  }
  // As a save would: cached list pages and product answers are made again.
  await bumpCounters(trx, [[counterNames.productsVersion, 1]]);
}

/** The restored record as its own GET answers it. */
async function answerOf(ctx: AppContext, entity: string, id: string) {
  if (entity === 'product') return getProduct(ctx, id);
  if (entity === 'category') return { categoryData: [await getCategory(ctx, id)] };
  const option = optionFamilyOf(entity);
  if (option) return optionValuesService(ctx, option).get(id);
  const banner = bannerFamilyOf(entity);
  if (banner) return bannersService(ctx, banner).get(id);
  throw notFound(trashMessages.notFound);
}

/** `POST /api/trash/:trashId/restore` (catalogue:write). */
export async function restoreTrash(ctx: AppContext, trashId: string) {
  const entry = await repo.findTrash(ctx.db, trashId);
  if (!entry) throw notFound(trashMessages.notFound);
  await ctx.transaction((trx) => restoreEntry(trx, trashId));
  ctx.log.info({ event: 'trash.restored', trashId, entity: entry.entity, entityId: entry.entity_id }, 'restored');
  return answerOf(ctx, entry.entity, entry.entity_id);
}

/** Every image URL a snapshot's rows name (their `images` lists). */
function imagesOf(snapshot: repo.Snapshot): string[] {
  return snapshot.flatMap(({ rows }) =>
    rows.flatMap((row) => (typeof row.images === 'string' ? (JSON.parse(row.images) as string[]) : [])),
  );
}

/** Drops an entry for good; its files go once that is committed. False when it was gone already. */
async function purgeEntry(ctx: AppContext, trashId: string): Promise<boolean> {
  const claimed = await ctx.transaction((trx) => repo.claimTrash(trx, trashId));
  if (!claimed) return false;
  try {
    await removeUnusedImages(ctx, imagesOf(claimed.snapshot));
  } catch (error) {
    // The record is gone; a file left behind is nobody's now and the upload sweep removes it.
    ctx.log.warn({ err: error, trashId }, 'purged record: its files are left to the upload sweep');
  }
  return true;
}

/** `DELETE /api/trash/:trashId` (catalogue:delete). */
export async function purgeTrash(ctx: AppContext, caller: Caller, trashId: string) {
  if (!caller.permissions.has('catalogue:delete')) throw forbidden(trashMessages.onlyOwnerPurges);
  if (!(await purgeEntry(ctx, trashId))) throw notFound(trashMessages.notFound);
  ctx.log.info({ event: 'trash.purged', trashId, by: caller.id }, 'deleted forever');
  return { success: true as const, message: trashMessages.purged };
}

const purgeBatch = 100;

/**
 * Purges every entry older than TRASH_DAYS, files included. Safe with several servers on one
 * database: each entry is claimed by a delete, so exactly one server purges it.
 */
export async function purgeDueTrash(ctx: AppContext): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = await repo.dueTrashIds(ctx.db, new Date(ctx.clock()).toISOString(), purgeBatch);
    for (const id of ids) if (await purgeEntry(ctx, id)) purged += 1;
    if (ids.length < purgeBatch) return purged;
  }
}
