/** The service worker and the window agree on these: the background-sync tag and the message it posts. */
export const SW_SYNC_TAG = 'portal-outbox';
export const SW_WAKE_MESSAGE = 'portal-sync-wake';
