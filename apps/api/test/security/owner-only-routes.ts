/**
 * The routes only `catalogue:delete` may call, and the words the spec gives everyone else (its
 * owner-only deletes; the trash's purge has words of ours, api.md §12). Written out, not read from
 * the contract: the tests check the server says exactly these.
 */
export const ownerOnlyRoutes: Record<string, string> = {
  'DELETE /api/products/:id': 'Only Admin can delete Product',
  'POST /api/products/bulkDelete': 'Only Admin can delete Product',
  'DELETE /api/category/:id': 'Only Admin can delete Category',
  'DELETE /api/homeBanner/:id': 'Only Admin can delete slide',
  'DELETE /api/banners/:id': 'Only Admin can delete Banner',
  'DELETE /api/homeSideBanners/:id': 'Only Admin can delete Banner',
  'DELETE /api/homeBottomBanners/:id': 'Only Admin can delete Banner',
  'DELETE /api/trash/:trashId': 'Only Admin can delete forever',
};
