/**
 * Every column that holds image URLs (JSON lists). The upload sweep and deleteImage
 * consult all of them before removing a file, so a saved record never loses its image.
 * A module that stores images adds its table here.
 */
export const imageColumns: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'users', column: 'images' },
  { table: 'categories', column: 'images' },
  { table: 'products', column: 'images' },
  { table: 'banners', column: 'images' },
  // A trashed record keeps its files until it is purged (api.md §12).
  { table: 'trash', column: 'data' },
];
// Order lines keep a copy of the product image URL as it was when ordered; they do not keep
// the file alive (scanning millions of lines each hour would stall the server).
