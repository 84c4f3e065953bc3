import { bannerFamilyNames, type LiveEvent, optionEntity, optionFamilyNames } from '@shopdesk/contract';
import { useEffect } from 'react';
import { activityKeys } from '../features/activity/api/activity-keys';
import { bannerKeys } from '../features/banners/api/banner-keys';
import { categoryKeys } from '../features/categories/api/category-keys';
import { dashboardKeys } from '../features/dashboard/api/dashboard-keys';
import { jobProgressHeard } from '../features/import/api/get-job';
import { lowStockKeys } from '../features/low-stock/api/list-low-stock';
import { optionValueKeys } from '../features/option-values/api/option-value-keys';
import { orderKeys } from '../features/orders/api/order-keys';
import { productKeys } from '../features/products/api/product-keys';
import { alertStore, showAlert } from '../lib/alerts';
import { followLiveEvents, passLiveEvent } from '../lib/live-events';
import { useSession } from '../lib/session';
import { queryClient } from './query-client';

type Key = readonly unknown[];

/** What each kind of record's change makes stale on the screens (their query keys). */
function keysOf(entity: string): Key[] {
  if (entity === 'product') return [productKeys.all, dashboardKeys.all, lowStockKeys.all];
  // Product answers show their category's name, colour and images.
  if (entity === 'category') return [categoryKeys.all, productKeys.all, dashboardKeys.all, lowStockKeys.all];
  const option = optionFamilyNames.find((family) => optionEntity(family) === entity);
  if (option) return [optionValueKeys.all(option), productKeys.all];
  const banner = bannerFamilyNames.find((family) => family === entity);
  return banner ? [bannerKeys.all(banner)] : [];
}

export function staleKeys(event: LiveEvent): Key[] {
  switch (event.type) {
    case 'order.created':
    case 'order.updated':
      // Orders, the header's pending-orders bell (filed under the same root) and the dashboard's figures.
      return [orderKeys.all, dashboardKeys.all];
    case 'catalogue.changed':
      return keysOf(event.data.entity);
    case 'stock.low':
      // A product reached its low-stock line: the Dashboard's Low stock card (api.md §15).
      return [lowStockKeys.all];
    default:
      return [];
  }
}

/** The new-order alert on screen, and how many orders it stands for. */
let newOrders = { alertKey: -1, count: 0 };

/**
 * Shows "New order from <name>"; while that alert is still open, the next new order updates it
 * to "<n> new orders, the latest from <name>" rather than replacing it, so a burst (a sale, or
 * the orders a reconnect replays) is counted, not reduced to its last order. Any other alert, or
 * the alert closing, starts the count again.
 */
export function announceNewOrder(name: string): void {
  const shown = alertStore.get();
  const count = shown.open && shown.key === newOrders.alertKey ? newOrders.count + 1 : 1;
  showAlert('success', count === 1 ? `New order from ${name}` : `${count} new orders, the latest from ${name}`);
  newOrders = { alertKey: alertStore.get().key, count };
}

/**
 * Keeps the signed-in screens live (api.md §14): each change someone makes, on any server,
 * refreshes the lists and records it touches (query invalidation: open screens re-read, others
 * when next opened), and a new order shows an alert and moves the bell. Renders nothing.
 */
export function LiveUpdates() {
  const { isLoggedIn } = useSession();
  useEffect(() => {
    if (!isLoggedIn) return;
    const stop = new AbortController();
    void followLiveEvents((event) => {
      const keys = staleKeys(event);
      if (keys.length > 0) keys.push(activityKeys.all);
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      if (event.type === 'job.progress') jobProgressHeard(queryClient, event.data);
      if (event.type === 'order.created') announceNewOrder(event.data.name);
      passLiveEvent(event);
    }, stop.signal);
    return () => stop.abort();
  }, [isLoggedIn]);
  return null;
}
