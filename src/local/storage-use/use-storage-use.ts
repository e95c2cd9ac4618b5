import { useEffect, useState } from 'react';
import { OFFLINE_FILES_CHANGED } from '../offline-files/prefetch-invoice-pdfs';
import { storageUse, type StorageUse } from './storage-use';

/**
 * The storage estimate, read again whenever `changedWhen` changes (e.g. after a sync
 * or a new change waiting), since that is when the offline data grows or shrinks, and
 * when files were fetched into the offline caches in the background.
 */
export function useStorageUse(changedWhen: unknown): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null);
  const [filesChanged, setFilesChanged] = useState(0);
  useEffect(() => {
    const bump = () => setFilesChanged((n) => n + 1);
    window.addEventListener(OFFLINE_FILES_CHANGED, bump);
    return () => window.removeEventListener(OFFLINE_FILES_CHANGED, bump);
  }, []);
  useEffect(() => {
    let current = true;
    void storageUse().then((value) => current && setUse(value));
    return () => {
      current = false;
    };
  }, [changedWhen, filesChanged]);
  return use;
}
