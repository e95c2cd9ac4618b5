// The WAL checkpoints of a SQLite database file, in a thread of their own (started by
// wal-checkpoints.ts). Plain JavaScript: nothing here needs TypeScript, and a worker
// thread would need tsx registered first (see server/sandbox/worker-bootstrap.mjs).
import Database from 'better-sqlite3';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ file: string; intervalMs: number }} */
const { file, intervalMs } = workerData;
const db = new Database(file, { fileMustExist: true });
// As the server's own connection: the checkpoint syncs the WAL before copying it and the
// database file after, never each commit.
db.pragma('synchronous = NORMAL');

const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a reader or a writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): the next tick tries again.
  }
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
