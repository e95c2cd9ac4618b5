import type SQLite from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/**
 * How often the checkpointer copies the WAL into the database file. Each time it copies
 * all of it, the next commit starts the WAL over, and with synchronous=NORMAL SQLite syncs
 * the new WAL header in that commit, on the event loop: 2 to 18 ms here (perf: the main
 * thread blocked in fsync under pagerWalFrames). Every 250 ms that was 6 to 9 fsyncs in 5 s
 * of the intake bench (about 300 invoices); every second, 0 and 1 (260 and 570 invoices).
 */
const CHECKPOINT_INTERVAL_MS = 1000;
/** SQLite's own default: the server's connection checkpoints at this size again if the checkpointer's thread fails. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * Pages (4 KiB) the WAL may reach before the server's connection checkpoints itself, which
 * lets the next commit start the WAL over: 64 MiB. The checkpointer's thread cannot do that part, see below.
 */
const BACKSTOP_PAGES = 16_384;
/** A WAL that grew past this is cut back to it when it starts over. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Moves most of the WAL's checkpointing off the connection that commits. SQLite checkpoints
 * in the thread whose commit takes the WAL past 1,000 pages: copying them into the database
 * file and its fsync held the event loop 5 to 50 ms every few hundred commits of a burst of
 * mail or orders, and every request waiting then waited for it. A worker thread with its
 * own connection checkpoints every CHECKPOINT_INTERVAL_MS instead, passively (never waiting
 * for a reader or writer, as SQLite's own checkpoints do).
 *
 * The WAL only starts over when a commit finds every page of it copied, which under a
 * steady stream of commits the thread alone never leaves (a commit lands while it copies):
 * 9,000 transactions grew it to 300 MB. So the server's connection still checkpoints, at
 * BACKSTOP_PAGES instead of 1,000: it finds nearly everything copied by then, and the WAL
 * starts over. In a loop of 9,000 small transactions this left 7 commits over 5 ms instead
 * of 80 (a commit's p99 0.8 ms instead of 4), for reads about 20 µs slower from the larger
 * WAL. Should the thread fail, the connection checkpoints as SQLite's default has it.
 * Answers a stop, which lets the thread close its connection.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): () => void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
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
