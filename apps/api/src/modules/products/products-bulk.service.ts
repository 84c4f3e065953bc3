import { bulkMaxIds, bulkMessages, type ProductBulkBody } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounter, counterNames } from '../../db/counters';
import type { Caller } from '../../lib/caller';
import { badRequest, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { findCategory } from '../categories/categories.repository';
import { storeProductJson } from './product-json';
import * as repo from './products-bulk.repository';
import { type BulkPlan, bulkPlan, itemOf, type NamedCategories, unchangedSince } from './products-bulk-plan';
import { matchingProductIds } from './products-export.repository';
import { productFilterOf } from './products-export.service';

const batches = <T>(items: readonly T[]) => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += repo.batchSize)
    out.push(items.slice(start, start + repo.batchSize));
  return out;
};

/**
 * The products a bulk edit is about: the ids sent (each once), or every product matching the
 * filter as the list and search select them; both given: the ids that also match.
 */
async function selectionOf(ctx: AppContext, body: ProductBulkBody): Promise<string[]> {
  if (body.ids?.length === 0) throw badRequest(bulkMessages.noSelection);
  const ids = body.ids ? [...new Set(body.ids)] : undefined;
  if (!body.filter) return ids ?? [];
  const filter = productFilterOf(body.filter, ctx.config.lowStockThreshold);
  if (!filter) return [];
  // One more than allowed tells "too many" from "exactly the limit".
  const matching = await matchingProductIds(ctx.db, ctx.engine, filter, bulkMaxIds + 1);
  if (!ids && matching.length > bulkMaxIds) throw badRequest(bulkMessages.tooMany);
  if (!ids) return matching;
  const match = new Set(matching);
  return ids.filter((id) => match.has(id));
}

async function namedCategories(ctx: AppContext, body: ProductBulkBody): Promise<NamedCategories> {
  const set = body.set ?? {};
  return {
    category: set.category === undefined ? undefined : await findCategory(ctx.db, set.category),
    subCategory: !set.subCatId ? (set.subCatId === '' ? null : undefined) : await findCategory(ctx.db, set.subCatId),
  };
}

/**
 * `POST /api/products/bulk`: one transaction; per batch of ids one read, one insert of the undo's
 * items and one set-based update, then the batch's stored list texts. A product the edit leaves as
 * it is (it holds the values already) is not written, counted or logged.
 */
export async function bulkEdit(ctx: AppContext, caller: Caller, body: ProductBulkBody) {
  const plan: BulkPlan = bulkPlan(body, await namedCategories(ctx, body));
  const ids = await selectionOf(ctx, body);
  const bulkId = newId();
  const at = nowIso(ctx.clock);
  const updated = await ctx.transaction(
    async (trx) => {
      await repo.insertBulkEdit(trx, {
        id: bulkId,
        at,
        created_by: caller.id,
        fields: JSON.stringify(plan.columns),
        products: 0,
      });
      let count = 0;
      for (const batch of batches(ids)) {
        const items = (await repo.editableRows(trx, batch)).flatMap((row) => itemOf(bulkId, plan, row) ?? []);
        const changed = items.map((item) => item.product_id);
        await repo.insertItems(trx, items);
        await repo.writeItemValues(trx, bulkId, changed, plan.columns, 'after', at);
        await storeProductJson(trx, { productIds: changed });
        count += changed.length;
      }
      await repo.setBulkProducts(trx, bulkId, count);
      if (count > 0) await bumpCounter(trx, counterNames.productsVersion, 1);
      return count;
    },
    { records: ids },
  );
  return { bulkId, updated };
}

/**
 * `POST /api/products/bulk/:bulkId/undo`: puts back the values from before the edit, on the
 * products that still hold what it wrote (same `updated_at`, same edited values); the others were
 * changed since (or deleted) and are `skipped`. An edit is undone once: again, nothing is restored.
 */
export async function undoBulkEdit(ctx: AppContext, bulkId: string) {
  const bulk = await repo.findBulkEdit(ctx.db, bulkId);
  if (!bulk) throw notFound(bulkMessages.notFound);
  if (bulk.undone_at !== null) return { restored: 0, skipped: 0 };
  const columns = JSON.parse(bulk.fields) as repo.EditableColumn[];
  const ids = await repo.itemProductIds(ctx.db, bulkId);
  const now = nowIso(ctx.clock);
  return ctx.transaction(
    async (trx) => {
      if (!(await repo.claimUndo(trx, bulkId, now))) return { restored: 0, skipped: 0 };
      let restored = 0;
      for (const batch of batches(ids)) {
        const items = await repo.itemsOf(trx, bulkId, batch);
        const rows = new Map((await repo.editableRows(trx, batch)).map((row) => [row.id, row]));
        // The category the product goes back to must still be there (not in the trash).
        const categoryIds = items.flatMap((item) => [item.cat_id, item.sub_cat_id]).filter((id) => id !== null);
        const live = columns.includes('cat_id') || columns.includes('sub_cat_id');
        const categories = live ? await repo.existingCategories(trx, [...new Set(categoryIds)]) : new Set<string>();
        const back = items.filter(
          (item) =>
            unchangedSince(bulk.at, columns, item, rows.get(item.product_id)) &&
            (!columns.includes('cat_id') || (item.cat_id !== null && categories.has(item.cat_id))) &&
            (!columns.includes('sub_cat_id') || item.sub_cat_id === null || categories.has(item.sub_cat_id)),
        );
        const backIds = back.map((item) => item.product_id);
        await repo.writeItemValues(trx, bulkId, backIds, columns, 'before', now);
        await storeProductJson(trx, { productIds: backIds });
        restored += backIds.length;
      }
      if (restored > 0) await bumpCounter(trx, counterNames.productsVersion, 1);
      return { restored, skipped: ids.length - restored };
    },
    { records: ids },
  );
}

/**
 * Edits older than `TRASH_DAYS` can no longer be undone: their kept values are removed (at start
 * and hourly, with the trash's purge), a few edits per transaction so no write waits long.
 */
export async function pruneBulkEdits(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock() - ctx.config.trashMs).toISOString();
  let removed = 0;
  for (;;) {
    const ids = await repo.bulkEditsBefore(ctx.db, before, 10);
    if (ids.length === 0) return removed;
    await ctx.transaction((trx) => repo.deleteBulkEdits(trx, ids));
    removed += ids.length;
  }
}
