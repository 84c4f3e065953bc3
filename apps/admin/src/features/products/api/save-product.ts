import { type Product, type ProductInput, productsPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function createProduct(input: ProductInput): Promise<Product> {
  return api.post<Product>(`${productsPath}/create`, input);
}

export function updateProduct(id: string, input: ProductInput): Promise<Product> {
  return api.put<Product>(`${productsPath}/${encodeURIComponent(id)}`, input);
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
