import { productImportPath } from '@shopdesk/contract';
import { ApiError } from '../../../lib/api-error';
import { sendForm } from '../../../lib/upload';

export type ImportOptions = { dryRun: boolean; atomic: boolean; createCategories: boolean };

/**
 * `POST /api/products/import?dryRun=&atomic=&createCategories=` (api.md §13), the file under
 * `file`: 202 `{jobId}`. Over XMLHttpRequest (lib/upload) for the upload's progress, 0..100.
 */
export async function startImport(
  file: File,
  options: ImportOptions,
  onProgress: (percent: number) => void,
): Promise<string> {
  const query = new URLSearchParams({
    dryRun: String(options.dryRun),
    atomic: String(options.atomic),
    createCategories: String(options.createCategories),
  });
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await sendForm(`${productImportPath}?${query}`, form, onProgress);
  const jobId = (answer as { jobId?: unknown } | null)?.jobId;
  if (typeof jobId !== 'string') throw new ApiError(500, answer);
  return jobId;
}
