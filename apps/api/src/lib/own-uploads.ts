import { inputMessages, isUploadPath } from '@shopdesk/contract';
import { badRequest } from './http-error';

/**
 * Image fields hold this shop's uploads only. By the time a service sees them, the image-URL
 * plugin has cut our own absolute URLs (PUBLIC_URL or the request's origin) back to their
 * `/uploads/…` path, so anything still absolute names another origin: refused, with the
 * field named. Returns the paths, to be stored.
 */
export function ownUploads(urls: readonly string[], field = 'images'): string[] {
  if (urls.every(isUploadPath)) return [...urls];
  throw badRequest(inputMessages.imageNotUploaded, { fields: { [field]: inputMessages.imageNotUploaded } });
}
