import type { Config } from '../config';
import type { ImageStore } from './image-store';
import { createDiskImageStore } from './image-store-disk';
import { createS3ImageStore } from './image-store-s3';

/** `S3_BUCKET` set: the bucket; otherwise `DATA_DIR/uploads`. */
export function openImageStore(
  config: Pick<Config, 's3' | 'uploadsDir'>,
  onError: (error: unknown, what: string) => void,
): ImageStore {
  return config.s3 ? createS3ImageStore(config.s3, onError) : createDiskImageStore(config.uploadsDir);
}
