import { useEffect, useState } from 'react';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';

/**
 * Clears leftover temporary uploads when an add/edit screen opens (spec §4) and says when
 * that is done: an upload started before the clean-up ends would be wiped by it.
 */
export function useFreshUploadStore(): boolean {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void deleteAllTemporaryImages().then(() => {
      if (isCurrent) setIsReady(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return isReady;
}
