import { setImmediate } from 'node:timers/promises';

/**
 * Resolves once the event loop has polled for I/O again, so requests that arrived while a
 * job worked are read and answered before it goes on. One setImmediate is not enough from
 * an I/O callback (a sandbox's answer, a file written, a socket's data): it runs in the same
 * turn of the loop, right after the callbacks of that poll and before the next one; the
 * second runs in the next turn, after the loop polled.
 */
export async function yieldToRequests(): Promise<void> {
  await setImmediate();
  await setImmediate();
}
