import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { numberOf } from './input-rules';

export { reviewsPath } from './paths';

export const reviewSchema = z.object({
  id: z.string(),
  _id: z.string(),
  productId: z.string(),
  customerName: z.string(),
  customerId: z.string(),
  review: z.string(),
  customerRating: z.number(),
  dateCreated: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewMessages = {
  productId: 'productId is required',
  customerName: 'customerName is required',
  review: 'review is required',
  rating: 'customerRating must be between 1 and 5',
  productNotFound: 'Product not found',
  notFound: 'Review not found',
} as const;

export const reviewBodySchema = z.object({
  productId: requiredText(reviewMessages.productId, 64),
  customerName: requiredText(reviewMessages.customerName, 120),
  // Text, or a number as its text; a list is refused, not joined (issue 17).
  customerId: optionalText(64),
  review: requiredText(reviewMessages.review, 5000),
  // A number or text holding one: `Number([4])` and `Number(true)` are not ratings.
  customerRating: z.preprocess(
    numberOf,
    z.number({ error: reviewMessages.rating }).min(1, reviewMessages.rating).max(5, reviewMessages.rating),
  ),
});

export const reviewListQuerySchema = z.object({ productId: z.string().min(1).max(64).optional() });
export const reviewCountSchema = z.object({ productsReviews: z.number().int().nonnegative() });
