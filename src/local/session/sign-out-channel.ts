/**
 * Tells the app's other tabs that the user signed out. They share the session cookie
 * and the user's local database, so each must close its database, end its sync worker
 * and leave the shell: left running, a tab's Dexie connection or worker would reopen
 * (recreate) the database sign-out deletes. The message carries nothing about the user.
 */
export const SIGN_OUT_CHANNEL = 'portal-session';
export const SIGNED_OUT_MESSAGE = 'signed-out';

// One channel per page, for sending and hearing: a channel is not told its own messages,
// so the tab that signs out does not react to its own announcement.
let channel: BroadcastChannel | null = null;

function pageChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(SIGN_OUT_CHANNEL);
  return channel;
}

export function announceSignOut(): void {
  pageChannel()?.postMessage(SIGNED_OUT_MESSAGE);
}

/** Calls `listener` when another tab signs out; the answer unsubscribes. */
export function onSignOutElsewhere(listener: () => void): () => void {
  const page = pageChannel();
  if (!page) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT_MESSAGE) listener();
  };
  page.addEventListener('message', onMessage);
  return () => page.removeEventListener('message', onMessage);
}
