import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { deleteTempUploads } from '../images/images.repository';
import { startUpload, type UploadBatch } from '../images/images.service';

/** A profile picture is small: a provider that sends more, or takes longer, gets none copied. */
export const pictureLimits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5_000 };

/**
 * The picture's bytes, bounded in time (the whole download, body included) and in size
 * (counted as it arrives, whatever Content-Length says). Node's own fetch: one GET of an
 * https URL needs no library. The URL is the `picture` claim of an ID token the configured
 * issuer signed, never one a client sent.
 */
async function download(url: string): Promise<Buffer> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('not an http(s) URL');
  const res = await fetch(target, {
    signal: AbortSignal.timeout(pictureLimits.timeoutMs),
    headers: { accept: 'image/png, image/jpeg, image/webp' },
  });
  if (!res.ok || !res.body) throw new Error(`the provider answered ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > pictureLimits.maxBytes) throw new Error('picture too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > pictureLimits.maxBytes) throw new Error('picture too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Copies the provider's profile picture into the shop's image store (the upload pipeline:
 * decoded, re-encoded, small variant, stored where every upload goes) and answers its
 * `/uploads/users/…` path; records never point at another site. Sign-in does not depend on
 * it: a picture that cannot be fetched or is not an image leaves the account without one.
 */
export async function copyProfilePicture(ctx: AppContext, account: Caller, url: string): Promise<string[]> {
  if (!url) return [];
  let batch: UploadBatch | undefined;
  try {
    batch = await startUpload(ctx, account, 'users');
    await batch.add(await download(url));
    return batch.finish();
  } catch (error) {
    await batch?.abort();
    ctx.log.warn({ event: 'oidc.picture.failed', err: error }, 'profile picture not copied');
    return [];
  }
}

/** Once the account names the picture, it leaves the temporary store storeUploads put it in. */
export async function settlePicture(ctx: AppContext, account: Caller, paths: string[]): Promise<void> {
  for (const path of paths) await deleteTempUploads(ctx.db, account.id, path.replace(/^\/uploads\//, ''));
}
