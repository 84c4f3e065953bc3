import type { Order, OrderStatus } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putIfMatch, type Tagged } from '../../../lib/tagged-request';
import { orderKeys } from './order-keys';
import { orderPath, statusChangeBody } from './update-order-status';

/**
 * The order page's status change: the whole order goes back (as the Orders List sends it) with
 * `If-Match` naming the copy on screen, so a change made meanwhile by someone else is refused
 * (409) rather than overwritten.
 */
export function useSaveOrderStatus(tagged: Tagged<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      putIfMatch<Order>(orderPath(tagged.body.id), statusChangeBody(tagged.body, status), tagged.etag),
    onSuccess: async (saved) => {
      // The answer carries the new tag: the next change is made from it.
      queryClient.setQueryData(orderKeys.detail(saved.body.id), saved);
      // Awaited: the control stays disabled until the timeline and lists show the change.
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
