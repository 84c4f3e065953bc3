import { bumpCounter, counterNames } from '../counters';
import type { SeedContext } from './seed';

/** Removes every record but the administrators' accounts (for re-seeding a load-test store). */
export async function resetShop(ctx: SeedContext): Promise<void> {
  await ctx.transaction(async (trx) => {
    for (const table of [
      'order_items',
      'orders',
      'sales_daily',
      'product_sales',
      'product_reviews',
      'product_list',
      'products',
      'banners',
      'option_values',
      'temp_uploads',
      // Trashed records of the old shop (their snapshots name its categories).
      'trash',
      'activity',
      // Bulk edits of the old shop's products (their undo would name products gone).
      'bulk_edit_items',
      'bulk_edits',
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    // The catalogue version only ever grows: a running server must not take the new shop's
    // version for the one it already keeps pages of.
    await trx.deleteFrom('counters').where('name', '!=', counterNames.productsVersion).execute();
    await bumpCounter(trx, counterNames.productsVersion, 1);
    await trx.deleteFrom('categories').where('parent_id', 'is not', null).execute();
    await trx.deleteFrom('categories').execute();
    await trx.deleteFrom('users').where('is_admin', '=', 0).execute();
  });
}
