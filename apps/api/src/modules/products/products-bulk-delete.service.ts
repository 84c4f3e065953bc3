import { productMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounters, counterNames } from '../../db/counters';
import type { Caller } from '../../lib/caller';
import { forbidden } from '../../lib/http-error';
import { moveToTrash, rowsOf } from '../trash/trash.repository';
import { trashMove } from '../trash/trash-move';
import { productNames } from './products-bulk.repository';

/**
 * `POST /api/products/bulkDelete` (`catalogue:delete`, which the route declares too): each
 * product, with its reviews, goes to the trash as the single delete moves it, one entry per
 * product so each comes back on its own; all in one transaction. Ids of no product (unknown, or
 * trashed already) are skipped and not counted.
 */
export async function bulkDelete(ctx: AppContext, caller: Caller, ids: readonly string[]) {
  if (!caller.permissions.has('catalogue:delete')) throw forbidden(productMessages.onlyOwnerDeletes);
  const names = await productNames(ctx.db, [...new Set(ids)]);
  const existing = [...names.keys()];
  const trashed = await ctx.transaction(
    async (trx) => {
      let moved = 0;
      let reviews = 0;
      for (const [id, name] of names) {
        const taken = await moveToTrash(trx, { ...trashMove(ctx, caller), entity: 'product', entityId: id, name }, [
          ['product_reviews', 'product_id', [id]],
          ['products', 'id', [id]],
        ]);
        // Deleted meanwhile by another request: nothing of it is left to move.
        if (!taken) continue;
        moved += 1;
        reviews += rowsOf(taken.snapshot, 'product_reviews').length;
      }
      await bumpCounters(trx, [
        [counterNames.products, -moved],
        [counterNames.productsVersion, moved > 0 ? 1 : 0],
        [counterNames.reviews, -reviews],
      ]);
      return moved;
    },
    { records: existing },
  );
  ctx.log.info({ event: 'products.bulk-deleted', count: trashed, by: caller.id }, 'products moved to the trash');
  return { trashed };
}
