import { messages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { badRequest, HttpError } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { filePathOfUrl, listStoredImages, removeImageFiles, saveImage } from '../../lib/image-files';
import {
  deleteTempUploads,
  deleteTempUploadsBefore,
  insertTempUploads,
  isImageReferenced,
  listTempUploads,
  referencedFilePaths,
  stagingUsage,
} from './images.repository';

type Usage = { files: number; bytes: number };

/**
 * One upload request's images: each is checked, stored and recorded in the caller's temporary
 * store as it arrives (one at a time, so a request holds at most one image in memory), and all
 * are removed again when the upload is refused. The caller's temporary store is bounded
 * (UPLOAD_STAGING_FILES, UPLOAD_STAGING_MB): 413 past it. Recording each image at once makes
 * the bound hold across parallel uploads and servers, and refuses an upload as soon as it passes.
 */
export class UploadBatch {
  readonly #stored: Array<{ filePath: string; url: string }> = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly caller: Caller,
    private readonly folder: string,
  ) {}

  #refuseOver(usage: Usage, files: number, bytes: number): void {
    const { stagingMaxFiles, stagingMaxBytes } = this.ctx.config.uploads;
    if (usage.files + files > stagingMaxFiles || usage.bytes + bytes > stagingMaxBytes) {
      throw new HttpError(413, messages.stagingFull(stagingMaxFiles, Math.round(stagingMaxBytes / 1024 / 1024)));
    }
  }

  /** Refuses when the caller's temporary store has no room for one more image (before any work). */
  async checkRoom(): Promise<void> {
    this.#refuseOver(await stagingUsage(this.ctx.db, this.caller.id), 1, 0);
  }

  /** Checks, re-encodes, stores and records one image (`input`: its bytes or the file holding them). */
  async add(input: Buffer | string): Promise<void> {
    await this.checkRoom();
    const image = await saveImage({ store: this.ctx.imageStore, work: this.ctx.imageWork }, input, this.folder);
    const url = `/uploads/${image.filePath}`;
    this.#stored.push({ filePath: image.filePath, url });
    const row = { id: newId(), userId: this.caller.id, url, filePath: image.filePath, bytes: image.bytes };
    // Counted with the account locked: parallel uploads of one account take turns here.
    await this.ctx.transaction(async (trx) => {
      this.#refuseOver(await stagingUsage(trx, this.caller.id, this.ctx.engine), 1, image.bytes);
      await insertTempUploads(trx, [{ ...row, now: nowIso(this.ctx.clock) }]);
    });
  }

  /** The stored images' paths (made absolute on the way out); 400 when there were none. */
  finish(): string[] {
    if (this.#stored.length === 0) throw badRequest(messages.noFiles);
    return this.#stored.splice(0).map((image) => image.url);
  }

  /**
   * Removes every image this upload stored, and its entry (nothing else references them yet).
   * Never throws: the client hears why the upload was refused, and whatever could not be removed
   * now (the store or the database out of reach) is logged and left to the hourly sweep.
   */
  async abort(): Promise<void> {
    for (const image of this.#stored.splice(0)) {
      try {
        await deleteTempUploads(this.ctx.db, this.caller.id, image.filePath);
        await removeImageFiles(this.ctx.imageStore, image.filePath);
      } catch (error) {
        this.ctx.log.warn({ err: error, file: image.filePath }, 'refused upload: image left for the sweep');
      }
    }
  }
}

/** Starts an upload for the caller; 413 before anything is read when their temporary store is full. */
export async function startUpload(ctx: AppContext, caller: Caller, folder: string): Promise<UploadBatch> {
  const batch = new UploadBatch(ctx, caller, folder);
  await batch.checkRoom();
  return batch;
}

export async function listTempStore(ctx: AppContext, caller: Caller) {
  const rows = await listTempUploads(ctx.db, caller.id);
  return rows.map((row) => ({ _id: row.id, id: row.id, images: [row.url] }));
}

/** Removes the file unless a saved record or another temporary store still uses it. */
async function removeIfUnused(ctx: AppContext, filePath: string): Promise<void> {
  if (!(await isImageReferenced(ctx.db, filePath))) await removeImageFiles(ctx.imageStore, filePath);
}

/**
 * After a record is gone for good (a trash purge): removes the files of these image URLs that
 * nothing else (a live record, another trashed one, a temporary store) still names.
 */
export async function removeUnusedImages(ctx: AppContext, urls: readonly string[]): Promise<void> {
  const filePaths = new Set(urls.flatMap((url) => filePathOfUrl(url) ?? []));
  for (const filePath of filePaths) await removeIfUnused(ctx, filePath);
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
 * The periodic sweep: temporary entries older than a day are dropped, then every image
 * older than an hour that nothing references is removed from the store.
 */
export async function sweepUnusedImages(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  await deleteTempUploadsBefore(ctx.db, new Date(now - 24 * 3_600_000).toISOString());
  const referenced = await referencedFilePaths(ctx.db);
  let removed = 0;
  for (const file of await listStoredImages(ctx.imageStore)) {
    if (file.mtimeMs > now - 3_600_000 || referenced.has(file.filePath)) continue;
    await removeImageFiles(ctx.imageStore, file.filePath);
    removed += 1;
  }
  return removed;
}
