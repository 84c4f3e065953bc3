import { type Product, type ProductInput, productsPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveHeld } from '../../../lib/held-records';
import { productPath } from './get-product';

export function createProduct(input: ProductInput): Promise<Product> {
  return api.post<Product>(`${productsPath}/create`, input);
}

/** With `If-Match` when an edit form holds the product (a change made meanwhile: 409). */
export function updateProduct(id: string, input: ProductInput): Promise<Product> {
  return saveHeld<Product>(productPath(id), input);
}

/** Create without an id, update with one. */
export function useSaveProduct(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => (id ? updateProduct(id, input) : createProduct(input)),
    // Lists, counts, best sellers and category pages all show products: none may stay stale.
    // Not awaited: the screen moves on at once, the refetches run behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
