import Dexie from 'dexie';

/** Said when the browser refuses to store more: the user can act on it (free space, sign out elsewhere). */
export const STORAGE_FULL_TEXT =
  'This browser has no room left for the portal’s offline data. Free some disk space or clear other sites’ data, then try again.';

export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(cause: unknown) {
    super(STORAGE_FULL_TEXT, { cause });
  }
}

export function isQuotaExceeded(error: unknown): boolean {
  if (error instanceof Dexie.QuotaExceededError) return true;
  const inner = (error as { inner?: unknown } | null)?.inner;
  return (error as { name?: string } | null)?.name === 'QuotaExceededError' || (inner !== undefined && isQuotaExceeded(inner));
}

/**
 * Runs a store operation; if the connection was lost (the browser closed the database,
 * e.g. after clearing site data or a version change elsewhere), reopens once and runs
 * it again. A full disk becomes a StorageFullError with a text the user can act on.
 */
export async function withStore<T>(db: Dexie, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isQuotaExceeded(error)) throw new StorageFullError(error);
    if (!(error instanceof Dexie.DatabaseClosedError)) throw error;
    await db.open();
    try {
      return await work();
    } catch (again) {
      if (isQuotaExceeded(again)) throw new StorageFullError(again);
      throw again;
    }
  }
}
