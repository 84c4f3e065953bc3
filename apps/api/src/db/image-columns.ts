/**
 * Every column that holds image URLs (JSON lists). The upload sweep and deleteImage
 * consult all of them before removing a file, so a saved record never loses its image.
 * A module that stores images adds its table here.
 */
export const imageColumns: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'users', column: 'images' },
  { table: 'categories', column: 'images' },
  { table: 'products', column: 'images' },
];
