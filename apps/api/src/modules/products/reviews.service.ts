import { type Review, reviewBodySchema, reviewMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounter, counterNames, readCounter } from '../../db/counters';
import { notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { findProduct } from './products.repository';
import * as repo from './reviews.repository';

export async function listReviews(ctx: AppContext, productId: string | undefined): Promise<Review[]> {
  return (await repo.listReviews(ctx.db, productId)).map(repo.toReview);
}

export async function getReview(ctx: AppContext, id: string): Promise<Review> {
  const row = await repo.findReview(ctx.db, id);
  if (!row) throw notFound(reviewMessages.notFound);
  return repo.toReview(row);
}

export async function addReview(ctx: AppContext, body: unknown): Promise<Review> {
  const input = reviewBodySchema.parse(body);
  if (!(await findProduct(ctx.db, input.productId))) throw notFound(reviewMessages.productNotFound);
  const id = newId();
  await ctx.transaction(async (trx) => {
    await repo.insertReview(trx, {
      id,
      product_id: input.productId,
      customer_id: input.customerId,
      customer_name: input.customerName,
      review: input.review,
      customer_rating: input.customerRating,
      created_at: nowIso(ctx.clock),
    });
    await bumpCounter(trx, counterNames.reviews, 1);
  });
  return getReview(ctx, id);
}

export async function countReviews(ctx: AppContext) {
  return { productsReviews: await readCounter(ctx.db, counterNames.reviews) };
}
