import { SyncEngine, type EngineOptions, type SyncSessionInfo } from './engine';
import type { SyncDb } from './store-schema';

/**
 * What workers/sync.worker.ts exposes to the window through comlink. The worker
 * opens the database itself (`openDb`, handed in by the worker entry from src/local)
 * so the engine and the page share one IndexedDB database, not one connection.
 */
export interface SyncWorkerApi {
  start(dbName: string, session: SyncSessionInfo): Promise<void>;
  stop(): Promise<void>;
  wake(): void;
  resume(): Promise<void>;
  mirror: SyncEngine['mirror'];
  searchProducts: SyncEngine['searchProducts'];
}

export function createWorkerApi(openDb: (name: string) => SyncDb, options: Omit<EngineOptions, 'db'> = {}): SyncWorkerApi {
  let engine: SyncEngine | null = null;
  const running = () => {
    if (!engine) throw new Error('The sync engine has not been started');
    return engine;
  };
  return {
    async start(dbName, session) {
      if (engine && engine.dbName !== dbName) await engine.stop();
      if (!engine || engine.dbName !== dbName) engine = new SyncEngine({ ...options, db: openDb(dbName) });
      engine.start(session);
    },
    async stop() {
      await engine?.stop();
      engine = null;
    },
    wake: () => engine?.wake(),
    resume: async () => engine?.resume(),
    mirror: (kind, ...args) => running().mirror(kind, ...args),
    searchProducts: (...args) => running().searchProducts(...args),
  };
}
