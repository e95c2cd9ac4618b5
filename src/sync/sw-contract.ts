/** The service worker and the window agree on these: the background-sync tag and the message it posts. */
export const SW_SYNC_TAG = 'portal-outbox';
export const SW_WAKE_MESSAGE = 'portal-sync-wake';
/** The service worker's runtime caches of a user's files (PDFs, product images) carry this prefix; sign-out deletes them. */
export const USER_CACHE_PREFIX = 'portal-user-';
