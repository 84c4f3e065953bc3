import { api } from './api-client';

/** The caller's temporary upload store (api.md §7). */
export const imageUploadPath = '/api/imageUpload';

type TemporaryRecord = { images?: string[] };

/** Every URL in the temporary store, in upload order, without duplicates. */
export async function listTemporaryImages(): Promise<string[]> {
  const records = await api.get<TemporaryRecord[]>(imageUploadPath);
  return [...new Set((records ?? []).flatMap((record) => record.images ?? []))];
}

/**
 * Drops leftovers of abandoned forms; add/edit screens (and My Account) run it when they
 * open so a new upload never picks up old files. Failure only leaves files for the sweep.
 */
export async function deleteAllTemporaryImages(): Promise<void> {
  try {
    await api.delete(`${imageUploadPath}/deleteAllImages`);
  } catch {
    // The server's periodic sweep removes what this misses; nothing for the user to do.
  }
}
