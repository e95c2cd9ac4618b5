/**
 * Any tab that queues a change (or gets a wake-up from the service worker) tells the
 * leading tab's engine through this channel; BroadcastChannel reaches every context
 * of the origin, workers included.
 */
export const wakeChannelName = (dbName: string) => `portal-sync:${dbName}`;

export function announceWake(dbName: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(wakeChannelName(dbName));
  channel.postMessage('wake');
  channel.close();
}
