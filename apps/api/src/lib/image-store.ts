import type { Readable } from 'node:stream';

/**
 * Where uploaded images live (design.md §4 "Object storage"): `DATA_DIR/uploads` on local disk
 * (image-store-disk.ts) or an S3-compatible bucket (image-store-s3.ts). Everything that writes,
 * reads, lists or deletes an image goes through this interface: uploads, the temporary store,
 * deletes, the hourly sweep and `GET /uploads/...`. Keys are the paths under `/uploads/`.
 */
export interface ImageStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Size, date and ETag of a stored image, or undefined when there is none. */
  head(key: string): Promise<StoredImageInfo | undefined>;
  /** The image's bytes as a stream, with what head() tells, or undefined when there is none. */
  read(key: string): Promise<(StoredImageInfo & { body: Readable }) | undefined>;
  /** Removes the keys; a key with no image is no error. */
  delete(keys: string[]): Promise<void>;
  /** Every stored image (main images and their small variants), for the sweep. */
  list(): AsyncIterable<{ key: string; lastModified: Date }>;
  close(): Promise<void>;
}

export interface StoredImageInfo {
  size: number;
  lastModified: Date;
  /** A quoted entity tag, as sent in the `ETag` header. */
  etag: string;
}

/** `<folder>/<24 hex>.<ext>` (and `.small.webp`): the only keys we make, serve or delete. */
const storedKey = /^[a-z]+\/[0-9a-f]{24}(\.small)?\.(jpg|png|webp)$/;

export const isStoredKey = (key: string): boolean => storedKey.test(key);

const contentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The type an image is served with, from its key (never from what a store says). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1) as keyof typeof contentTypes;
  return contentTypes[extension] ?? 'application/octet-stream';
}

/** Every stored image is immutable under its name: caches may keep it for a year. */
export const imageCacheControl = 'public, max-age=31536000, immutable';
