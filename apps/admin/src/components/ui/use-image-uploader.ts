import { acceptedImageTypes, hasImageExtension, messages } from '@shopdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { uploadFinishDelayMs } from '../../config/constants';
import { showAlert } from '../../lib/alerts';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { listTemporaryImages } from '../../lib/temporary-uploads';
import { uploadImages } from '../../lib/upload';

export type ImageUploaderOptions = {
  /** API prefix of the family, e.g. '/api/user' or '/api/category'. */
  family: string;
  /** Extensions let through; the spec narrows this on two edit screens. */
  acceptedTypes?: readonly string[];
  value: string[];
  onChange: (images: string[]) => void;
  /** Lets the form disable its submit button while files are in flight. */
  onBusyChange?: (isBusy: boolean) => void;
  /** 200 ms on most screens, 500 ms on product screens (spec §9). */
  finishDelayMs?: number;
};

export function useImageUploader(options: ImageUploaderOptions) {
  const { family, acceptedTypes = acceptedImageTypes, finishDelayMs = uploadFinishDelayMs } = options;
  const [isUploading, setIsUploading] = useState(false);
  const [progress, setProgressValue] = useState(0);
  // Uploads finish after awaits: read the latest props, not the ones of the click.
  const latest = useRef(options);
  latest.current = options;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function setBusy(isBusy: boolean) {
    setIsUploading(isBusy);
    latest.current.onBusyChange?.(isBusy);
  }

  async function upload(fileList: FileList | readonly File[] | null) {
    const files = Array.from(fileList ?? []);
    if (files.length === 0) return;
    if (!files.every((file) => hasImageExtension(file.name, acceptedTypes))) {
      showAlert('error', messages.invalidImage);
      return;
    }
    setProgressValue(0);
    setBusy(true);
    try {
      await uploadImages(`${family}/upload`, files, setProgressValue);
      // The temporary store is the truth: it also holds files from earlier picks.
      const stored = await listTemporaryImages();
      latest.current.onChange([...new Set([...latest.current.value, ...stored])]);
      timer.current = setTimeout(() => {
        setBusy(false);
        showAlert('success', messages.imagesUploaded);
      }, finishDelayMs);
    } catch (error) {
      setBusy(false);
      showAlert('error', errorMessage(error));
    }
  }

  async function remove(url: string) {
    try {
      const answer = await api.delete<{ msg?: string }>(`${family}/deleteImage?img=${encodeURIComponent(url)}`);
      latest.current.onChange(latest.current.value.filter((image) => image !== url));
      showAlert('success', answer?.msg || messages.imageDeleted);
    } catch (error) {
      showAlert('error', errorMessage(error));
    }
  }

  return { isUploading, progress, upload, remove, acceptedTypes };
}
