import { type Review, reviewsPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** A product's reviews, newest first (api.md §5). */
export function listProductReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  return api.get<Review[]>(`${reviewsPath}?productId=${encodeURIComponent(productId)}`, signal);
}

export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ signal }) => listProductReviews(productId, signal),
  });
}
