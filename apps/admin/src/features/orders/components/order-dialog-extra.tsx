import { createContext, type ReactNode, useContext } from 'react';

/**
 * What a screen adds under the products table of the order's products dialog (the History
 * panel): the dialog sits rows deep in the orders feature, and features do not import each
 * other, so the screen composing them hands it down here.
 */
export type OrderDialogExtra = (orderId: string) => ReactNode;

const Extra = createContext<OrderDialogExtra | null>(null);

export const OrderDialogExtraProvider = Extra.Provider;

export function useOrderDialogExtra(): OrderDialogExtra | null {
  return useContext(Extra);
}
