/// <reference lib="webworker" />
import { expose } from 'comlink';
import { asSyncDb, LocalDatabase } from '../src/local/db/local-database';
import { createWorkerApi } from '../src/sync/worker-api';

/** The sync engine's home in the browser: the window starts it through src/local/sync-start. */
expose(createWorkerApi((name) => asSyncDb(new LocalDatabase(name))));
