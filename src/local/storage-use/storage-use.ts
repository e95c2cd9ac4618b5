/** Asks the browser not to evict the offline data under storage pressure; false when it declines. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

export interface StorageUse {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** How much of its quota the portal uses; null where the browser does not say. */
export async function storageUse(): Promise<StorageUse | null> {
  if (!navigator.storage?.estimate) return null;
  const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted?.() ?? Promise.resolve(false),
  ]);
  return { usage, quota, persisted };
}
