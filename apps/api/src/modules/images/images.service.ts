import { messages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import {
  filePathOfUrl,
  listStoredImages,
  type PreparedImage,
  removeImageFiles,
  writeImage,
} from '../../lib/image-files';
import {
  deleteTempUploads,
  deleteTempUploadsBefore,
  insertTempUploads,
  isImageReferenced,
  listTempUploads,
  referencedFilePaths,
} from './images.repository';

/** Stores verified images, records them in the caller's temporary store, returns their paths (made absolute on the way out). */
export async function storeUploads(ctx: AppContext, caller: Caller, images: PreparedImage[]): Promise<string[]> {
  if (images.length === 0) throw badRequest(messages.noFiles);
  for (const image of images) await writeImage(ctx.config.uploadsDir, image);
  const now = nowIso(ctx.clock);
  const rows = images.map((image) => ({
    id: newId(),
    userId: caller.id,
    url: `/uploads/${image.filePath}`,
    filePath: image.filePath,
    now,
  }));
  await insertTempUploads(ctx.db, rows);
  return rows.map((row) => row.url);
}

export async function listTempStore(ctx: AppContext, caller: Caller) {
  const rows = await listTempUploads(ctx.db, caller.id);
  return rows.map((row) => ({ _id: row.id, id: row.id, images: [row.url] }));
}

/** Removes the file unless a saved record or another temporary store still uses it. */
async function removeIfUnused(ctx: AppContext, filePath: string): Promise<void> {
  if (!(await isImageReferenced(ctx.db, filePath))) await removeImageFiles(ctx.config.uploadsDir, filePath);
}

export async function deleteImage(ctx: AppContext, caller: Caller, url: string) {
  const filePath = filePathOfUrl(url);
  if (filePath) {
    await deleteTempUploads(ctx.db, caller.id, filePath);
    await removeIfUnused(ctx, filePath);
  }
  return { error: false as const, msg: messages.imageDeleted };
}

export async function clearTempStore(ctx: AppContext, caller: Caller) {
  const filePaths = await deleteTempUploads(ctx.db, caller.id);
  for (const filePath of new Set(filePaths)) await removeIfUnused(ctx, filePath);
  return { error: false as const, msg: messages.imageDeleted };
}

/**
 * The periodic sweep: temporary entries older than a day are dropped, then every file
 * older than an hour that nothing references is removed.
 */
export async function sweepUnusedImages(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  await deleteTempUploadsBefore(ctx.db, new Date(now - 24 * 3_600_000).toISOString());
  const referenced = await referencedFilePaths(ctx.db);
  let removed = 0;
  for (const file of await listStoredImages(ctx.config.uploadsDir)) {
    if (file.mtimeMs > now - 3_600_000 || referenced.has(file.filePath)) continue;
    await removeImageFiles(ctx.config.uploadsDir, file.filePath);
    removed += 1;
  }
  return removed;
}
