import { maxImagePixels, messages } from '@shopdesk/contract';
import { HttpError } from './http-error';
import { newId } from './ids';
import { contentTypeOf, type ImageStore, isStoredKey } from './image-store';
import type { ImageWork } from './image-work';

export interface PreparedImage {
  /** The key under /uploads, e.g. `products/6560….jpg`. */
  filePath: string;
  main: Buffer;
  small: Buffer;
}

/** A stored image: its key and the bytes it holds (main image and small variant). */
export interface SavedImage {
  filePath: string;
  bytes: number;
}

const extensions = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

export const invalidImage = () => new HttpError(415, messages.invalidImage);

let sharpLoaded: Promise<typeof import('sharp').default> | undefined;

/**
 * libvips is loaded with the first image, not at start (~20 MB of memory a server may never
 * need). Its operation cache is turned off: every upload is a new image, and the cache would
 * keep up to 50 MB of results and 20 open files (deleted upload spools among them).
 */
export const loadSharp = () => {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
};

/**
 * Decodes the image (bytes, or the path of a file holding them) to prove it is a JPEG, PNG or
 * WebP (the name and the declared type count for nothing), refuses more than 40 megapixels
 * before decoding the pixels, and re-encodes without metadata, with a small WebP variant.
 */
export async function prepareImage(input: Buffer | string, folder: string): Promise<PreparedImage> {
  const options = { limitInputPixels: maxImagePixels, failOn: 'error' as const };
  let format: keyof typeof extensions;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, options).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw invalidImage();
    if ((meta.width ?? 0) * (meta.height ?? 0) > maxImagePixels || (meta.pages ?? 1) > 1) throw invalidImage();
    format = meta.format;
    const image = sharp(input, options).rotate();
    const main = await (format === 'jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: false })
      : format === 'png'
        ? image.png({ compressionLevel: 6 })
        : image.webp({ quality: 85 })
    ).toBuffer();
    const small = await sharp(input, options)
      .rotate()
      .resize({ width: 160, height: 160, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { filePath: `${folder}/${newId()}.${extensions[format]}`, main, small };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw invalidImage();
  }
}

export function smallPathOf(filePath: string): string {
  return filePath.replace(/\.(jpg|png|webp)$/, '.small.webp');
}

/** Stores both files of a prepared image; a half-stored image is removed again. */
export async function writeImage(store: ImageStore, image: PreparedImage): Promise<void> {
  await store.put(image.filePath, image.main, contentTypeOf(image.filePath));
  const small = smallPathOf(image.filePath);
  try {
    await store.put(small, image.small, contentTypeOf(small));
  } catch (error) {
    await store.delete([image.filePath]).catch(() => {});
    throw error;
  }
}

/**
 * The one way an image enters the store (uploads, the demo seed, a profile picture copied at
 * sign-in): checked, re-encoded and stored, under the bound on concurrent image work, so at
 * most IMAGE_CONCURRENCY images are in memory at once whoever asks.
 */
export function saveImage(
  images: { store: ImageStore; work: ImageWork },
  input: Buffer | string,
  folder: string,
): Promise<SavedImage> {
  return images.work.run(async () => {
    const image = await prepareImage(input, folder);
    await writeImage(images.store, image);
    return { filePath: image.filePath, bytes: image.main.length + image.small.length };
  });
}

export async function removeImageFiles(store: ImageStore, filePath: string): Promise<void> {
  if (!isStoredKey(filePath) || filePath.includes('.small.')) return;
  await store.delete([filePath, smallPathOf(filePath)]);
}

/** The stored file a URL points at, or undefined when it is not one of ours. */
export function filePathOfUrl(url: string): string | undefined {
  const match = /\/uploads\/([a-z]+\/[0-9a-f]{24}\.(?:jpg|png|webp))(?:[?#].*)?$/.exec(url);
  return match?.[1];
}

/** Every main image in the store, with its age. */
export async function listStoredImages(store: ImageStore): Promise<Array<{ filePath: string; mtimeMs: number }>> {
  const found: Array<{ filePath: string; mtimeMs: number }> = [];
  for await (const { key, lastModified } of store.list()) {
    if (!key.includes('.small.')) found.push({ filePath: key, mtimeMs: lastModified.getTime() });
  }
  return found;
}
