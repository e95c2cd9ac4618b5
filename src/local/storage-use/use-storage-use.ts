import { useEffect, useState } from 'react';
import { storageUse, type StorageUse } from './storage-use';

/** The storage estimate, read once per mount (it is cheap but not free). */
export function useStorageUse(): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null);
  useEffect(() => {
    let current = true;
    void storageUse().then((value) => current && setUse(value));
    return () => {
      current = false;
    };
  }, []);
  return use;
}
