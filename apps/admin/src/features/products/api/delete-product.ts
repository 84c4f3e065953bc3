import { productMessages, productsPath } from '@shopdesk/contract';
import { useOwnerDelete } from '../../../components/ui/use-owner-delete';
import { api } from '../../../lib/api-client';

type DeleteAnswer = { success: true; message: string; trashId: string };

export function deleteProduct(id: string): Promise<DeleteAnswer> {
  return api.delete<DeleteAnswer>(`${productsPath}/${encodeURIComponent(id)}`);
}

/**
 * Owner-only delete (spec §6). Afterwards the list, the counts (products and, with the
 * product's reviews gone, reviews), best sellers and categories reload (spec §4): the
 * empty key marks every query stale and refetches the ones on screen.
 */
export function useDeleteProduct() {
  return useOwnerDelete({
    onlyOwnerMessage: productMessages.onlyOwnerDeletes,
    remove: deleteProduct,
    invalidate: [[]],
  });
}
