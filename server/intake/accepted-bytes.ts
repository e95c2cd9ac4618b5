/** Bytes held at most, all messages together: a burst of mail, not a mailbox. */
const HELD_BYTES_LIMIT = 32 * 1024 * 1024;
/** A message larger than this goes to its job through the blob store only. */
const HELD_MESSAGE_LIMIT = 4 * 1024 * 1024;
/** A message whose job ran in another process (or not yet) is dropped from memory after this. */
const HELD_FOR_MS = 60_000;

const held = new Map<string, { bytes: Buffer; at: number }>();
let heldBytes = 0;

function drop(key: string): void {
  const entry = held.get(key);
  if (!entry) return;
  held.delete(key);
  heldBytes -= entry.bytes.length;
}

/**
 * The raw bytes of a message this process has just stored and queued, kept in memory for
 * its job, which usually runs here a moment later: reading them back from the blob store
 * took eight round trips through libuv's thread pool a mail (the file and its type, each
 * opened, sized, read and closed). The blob store holds them all the same: a job that runs
 * elsewhere, later or again reads them from there. Intake blob keys name one message
 * each and are never written twice, so what is held is what the store holds.
 */
export function holdAcceptedBytes(blobKey: string, bytes: Buffer, now = Date.now()): void {
  const size = bytes.length > HELD_MESSAGE_LIMIT ? 0 : bytes.length;
  // Oldest first (a Map keeps insertion order): the stale, then whatever the limit needs.
  for (const [key, entry] of held) {
    if (now - entry.at < HELD_FOR_MS && heldBytes + size <= HELD_BYTES_LIMIT) break;
    drop(key);
  }
  if (size === 0) return;
  held.set(blobKey, { bytes, at: now });
  heldBytes += bytes.length;
}

/** A message's bytes if this process still holds them, given up by the memory at once (a job reads its message once). */
export function takeAcceptedBytes(blobKey: string): Buffer | null {
  const entry = held.get(blobKey);
  if (!entry) return null;
  drop(blobKey);
  return entry.bytes;
}
