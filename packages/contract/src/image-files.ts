// Image rules and names without the upload schemas (no zod): screens that show or pick
// images use these. images.ts re-exports them.

/** The families that accept uploads (api.md §7), by their API prefix. */
export const imageFamilies = [
  '/api/products',
  '/api/category',
  '/api/homeBanner',
  '/api/banners',
  '/api/homeSideBanners',
  '/api/homeBottomBanners',
  '/api/user',
] as const;
export type ImageFamily = (typeof imageFamilies)[number];

export const maxImageBytes = 10 * 1024 * 1024;
export const maxImagePixels = 40_000_000;
export const maxImagesPerUpload = 10;

/** Extensions a screen lets through before uploading (spec §5 and §9). */
export const acceptedImageTypes = ['jpeg', 'jpg', 'png', 'webp'] as const;
/** Category edit and home slide edit take only these. */
export const strictImageTypes = ['jpeg', 'jpg', 'png'] as const;

/** The small WebP variant beside every stored image, for tables and lists. */
export function smallImageUrl(url: string): string {
  const match = /^(.*\/uploads\/.+)\.(jpe?g|png|webp)$/i.exec(url);
  if (!match || url.endsWith('.small.webp')) return url;
  return `${match[1]}.small.webp`;
}

/** Whether a file name is one of the given extensions (case-insensitive). */
export function hasImageExtension(fileName: string, types: readonly string[]): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return types.includes(fileName.slice(dot + 1).toLowerCase());
}
