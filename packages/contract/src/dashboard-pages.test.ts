import { describe, expect, it } from 'vitest';
import { isSignedOutPage } from './dashboard-pages';

describe('isSignedOutPage', () => {
  it('knows the signed-out pages, as the router matches them', () => {
    for (const page of ['/login', '/login/', '/LOGIN', '/signIn', '/signUp', '/forgot-password', '/accept-invite'])
      expect(isSignedOutPage(page), page).toBe(true);
    expect(isSignedOutPage('/reset-password/abc123')).toBe(true);
  });

  it('takes every other address for a signed-in screen', () => {
    for (const page of [
      '/',
      '/dashboard',
      '/products',
      '/orders/42',
      '/login/extra',
      '/reset-password',
      '/reset-password/',
      '/signUpNow',
    ])
      expect(isSignedOutPage(page), page).toBe(false);
  });
});
