/// <reference lib="webworker" />
// First: no schema may run before zod is told not to use eval (see the module).
import '../src/domain/schemas/no-eval';
import { expose } from 'comlink';
import { StoreDatabase } from '../src/sync/store-database';
import { createWorkerApi } from '../src/sync/worker-api';

/**
 * The sync engine's home in the browser: the window starts it through src/local/sync-start.
 * The window creates the user's database; the engine only opens it, so an engine still
 * running after sign-out deleted it cannot bring it back.
 */
expose(createWorkerApi((name) => new StoreDatabase(name, { create: false })));
