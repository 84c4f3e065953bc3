import { type Order, type OrderStatus, ordersPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** PUT /api/orders/:id takes every order field (spec §7), so the whole order goes back. */
export function statusChangeBody(order: Order, status: OrderStatus) {
  const { name, phoneNumber, address, pincode, amount, paymentId, email, userid, products } = order;
  return { name, phoneNumber, address, pincode, amount, paymentId, email, userid, products, status };
}

export const orderPath = (id: string) => `${ordersPath}/${encodeURIComponent(id)}`;

export function updateOrderStatus(order: Order, status: OrderStatus): Promise<Order> {
  return api.put<Order>(orderPath(order.id), statusChangeBody(order, status));
}

/** One per row, so only that row's select is disabled while its update is in flight. */
export function useUpdateOrderStatus(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => updateOrderStatus(order, status),
    // Awaited: the row stays disabled until the re-fetched list shows the saved status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
