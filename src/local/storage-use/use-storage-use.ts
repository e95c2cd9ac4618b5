import { useEffect, useState } from 'react';
import { storageUse, type StorageUse } from './storage-use';

/**
 * The storage estimate, read again whenever `changedWhen` changes (e.g. after a sync
 * or a new change waiting), since that is when the offline data grows or shrinks.
 */
export function useStorageUse(changedWhen: unknown): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null);
  useEffect(() => {
    let current = true;
    void storageUse().then((value) => current && setUse(value));
    return () => {
      current = false;
    };
  }, [changedWhen]);
  return use;
}
