import { describe, expect, it } from 'vitest';
import { alertStore, hideAlert, showAlert } from '../lib/alerts';
import { announceNewOrder } from './live-updates';

const shown = () => {
  const { open, msg } = alertStore.get();
  return open ? msg : null;
};

describe('the new-order alert', () => {
  it('names one new order, and counts the ones that follow while it is open', () => {
    announceNewOrder('Meera Nair');
    expect(shown()).toBe('New order from Meera Nair');
    announceNewOrder('Ravi Kumar');
    expect(shown()).toBe('2 new orders, the latest from Ravi Kumar');
    announceNewOrder('Farah Khan');
    expect(shown()).toBe('3 new orders, the latest from Farah Khan');
  });

  it('starts again once the alert has closed', () => {
    announceNewOrder('Meera Nair');
    hideAlert();
    announceNewOrder('Ravi Kumar');
    expect(shown()).toBe('New order from Ravi Kumar');
  });

  it('starts again after another alert took its place', () => {
    announceNewOrder('Meera Nair');
    showAlert('success', 'Product Updated!');
    announceNewOrder('Ravi Kumar');
    expect(shown()).toBe('New order from Ravi Kumar');
  });
});
