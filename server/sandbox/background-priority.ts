import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread, not the process's: on Linux a
 * thread has a nice value of its own, set through its thread id (`/proc/thread-self`
 * names it). A sandbox worker calls it at start, so on a machine with few cores the
 * event loop that answers users wins the CPU over files being read in the background,
 * and the workers still have every core nobody else wants. Elsewhere (no
 * `/proc/thread-self`) the thread keeps the process's priority.
 */
export function runInBackground(): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
    return true;
  } catch {
    return false;
  }
}
