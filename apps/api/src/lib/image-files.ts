import fs from 'node:fs/promises';
import path from 'node:path';
import { maxImagePixels, messages } from '@shopdesk/contract';
import { HttpError } from './http-error';
import { newId } from './ids';

export interface PreparedImage {
  /** Relative to the uploads folder, e.g. `products/6560….jpg`. */
  filePath: string;
  main: Buffer;
  small: Buffer;
}

const extensions = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
/** `<folder>/<24 hex>.<ext>` (and `.small.webp`): the only names we make or delete. */
const storedName = /^[a-z]+\/[0-9a-f]{24}(\.small)?\.(jpg|png|webp)$/;

export const invalidImage = () => new HttpError(415, messages.invalidImage);

/** libvips is loaded with the first image, not at start (~20 MB of memory a server may never need). */
export const loadSharp = () => import('sharp').then((module) => module.default);

/**
 * Decodes the bytes to prove they are a JPEG, PNG or WebP (the name and the declared type
 * count for nothing), refuses more than 40 megapixels before decoding the pixels, and
 * re-encodes without metadata, with a small WebP variant for tables.
 */
export async function prepareImage(bytes: Buffer, folder: string): Promise<PreparedImage> {
  const options = { limitInputPixels: maxImagePixels, failOn: 'error' as const };
  let format: keyof typeof extensions;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw invalidImage();
    if ((meta.width ?? 0) * (meta.height ?? 0) > maxImagePixels || (meta.pages ?? 1) > 1) throw invalidImage();
    format = meta.format;
    const image = sharp(bytes, options).rotate();
    const main = await (format === 'jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: false })
      : format === 'png'
        ? image.png({ compressionLevel: 6 })
        : image.webp({ quality: 85 })
    ).toBuffer();
    const small = await sharp(bytes, options)
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

export async function writeImage(uploadsDir: string, image: PreparedImage): Promise<void> {
  const target = path.join(uploadsDir, image.filePath);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Write then rename, so a crash never leaves half a file under a served name.
  for (const [file, data] of [
    [target, image.main],
    [path.join(uploadsDir, smallPathOf(image.filePath)), image.small],
  ] as const) {
    await fs.writeFile(`${file}.tmp`, data);
    await fs.rename(`${file}.tmp`, file);
  }
}

export async function removeImageFiles(uploadsDir: string, filePath: string): Promise<void> {
  if (!storedName.test(filePath)) return;
  await fs.rm(path.join(uploadsDir, filePath), { force: true });
  await fs.rm(path.join(uploadsDir, smallPathOf(filePath)), { force: true });
}

/** The stored file a URL points at, or undefined when it is not one of ours. */
export function filePathOfUrl(url: string): string | undefined {
  const match = /\/uploads\/([a-z]+\/[0-9a-f]{24}\.(?:jpg|png|webp))(?:[?#].*)?$/.exec(url);
  return match?.[1];
}

/** Every main image file under the uploads folder, with its age. */
export async function listStoredImages(uploadsDir: string): Promise<Array<{ filePath: string; mtimeMs: number }>> {
  const found: Array<{ filePath: string; mtimeMs: number }> = [];
  const folders = await fs.readdir(uploadsDir).catch(() => [] as string[]);
  for (const folder of folders) {
    const names = await fs.readdir(path.join(uploadsDir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const filePath = `${folder}/${name}`;
      if (!storedName.test(filePath) || name.includes('.small.')) continue;
      const stat = await fs.stat(path.join(uploadsDir, filePath)).catch(() => undefined);
      if (stat) found.push({ filePath, mtimeMs: stat.mtimeMs });
    }
  }
  return found;
}
