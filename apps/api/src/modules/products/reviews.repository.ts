import type { Review } from '@shopdesk/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ProductReviewsTable } from '../../db/schema';

export function toReview(row: Selectable<ProductReviewsTable>): Review {
  return {
    id: row.id,
    _id: row.id,
    productId: row.product_id,
    customerName: row.customer_name,
    customerId: row.customer_id,
    review: row.review,
    customerRating: row.customer_rating,
    dateCreated: row.created_at,
  };
}

/** Newest first; all reviews when no product is named (capped). */
export function listReviews(db: Db, productId: string | undefined) {
  let query = db.selectFrom('product_reviews').selectAll();
  if (productId) query = query.where('product_id', '=', productId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(10_000).execute();
}

export function findReview(db: Db, id: string) {
  return db.selectFrom('product_reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReview(db: Db, row: Selectable<ProductReviewsTable>): Promise<void> {
  await db.insertInto('product_reviews').values(row).execute();
}

export async function countReviewsOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('product_reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
