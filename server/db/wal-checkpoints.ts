import type SQLite from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the WAL into the database file: a burst of writes grows the WAL by a few MiB at most in between. */
const CHECKPOINT_INTERVAL_MS = 250;
/** SQLite's own default, back on the server's connection if the checkpointer's thread fails. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Moves the WAL's checkpoints off the connection that commits. SQLite checkpoints in the
 * thread whose commit takes the WAL past 1,000 pages: the copy into the database file and
 * its fsync, 5 to 50 ms on this machine, held the event loop every few hundred commits,
 * and every request waiting then (another user's order list during a burst of mail)
 * waited for it. A worker thread with its own connection checkpoints every
 * CHECKPOINT_INTERVAL_MS instead, passively (never waiting for a reader or writer, as
 * SQLite's own checkpoints do). Should the thread fail, the connection checkpoints for
 * itself again. Answers a stop, which lets the thread close its connection.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): () => void {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
    // Not the process's own flags (a profiler hook, tsx): the thread runs one small script.
    execArgv: [],
  });
  // Never what keeps a process alive: a process ending mid-checkpoint leaves a WAL SQLite recovers.
  worker.unref();
  let stopped = false;
  const checkpointHere = () => {
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', checkpointHere);
  worker.on('exit', checkpointHere);
  return () => {
    stopped = true;
    worker.postMessage('stop');
  };
}
