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
  mirrorOrderPage: SyncEngine['mirrorOrderPage'];
  mirrorOrder: SyncEngine['mirrorOrder'];
  mirrorAsnPage: SyncEngine['mirrorAsnPage'];
  mirrorHistory: SyncEngine['mirrorHistory'];
  mirrorInvoicePage: SyncEngine['mirrorInvoicePage'];
  mirrorInvoice: SyncEngine['mirrorInvoice'];
  mirrorPropertyPage: SyncEngine['mirrorPropertyPage'];
  mirrorProductPage: SyncEngine['mirrorProductPage'];
  mirrorProductFill: SyncEngine['mirrorProductFill'];
  mirrorProductSearchPage: SyncEngine['mirrorProductSearchPage'];
  mirrorAccountPage: SyncEngine['mirrorAccountPage'];
  mirrorUserPage: SyncEngine['mirrorUserPage'];
  mirrorScope: SyncEngine['mirrorScope'];
  mirrorProduct: SyncEngine['mirrorProduct'];
  searchProducts: SyncEngine['searchProducts'];
  mirrorPricelistPage: SyncEngine['mirrorPricelistPage'];
  mirrorPricelistBuyers: SyncEngine['mirrorPricelistBuyers'];
  mirrorPricePage: SyncEngine['mirrorPricePage'];
  mirrorCategoryTree: SyncEngine['mirrorCategoryTree'];
  mirrorStandardUnits: SyncEngine['mirrorStandardUnits'];
  mirrorCounterparts: SyncEngine['mirrorCounterparts'];
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
    mirrorOrderPage: (...args) => running().mirrorOrderPage(...args),
    mirrorOrder: (...args) => running().mirrorOrder(...args),
    mirrorAsnPage: (...args) => running().mirrorAsnPage(...args),
    mirrorHistory: (...args) => running().mirrorHistory(...args),
    mirrorInvoicePage: (...args) => running().mirrorInvoicePage(...args),
    mirrorInvoice: (...args) => running().mirrorInvoice(...args),
    mirrorPropertyPage: (...args) => running().mirrorPropertyPage(...args),
    mirrorProductPage: (...args) => running().mirrorProductPage(...args),
    mirrorProductFill: (...args) => running().mirrorProductFill(...args),
    mirrorProductSearchPage: (...args) => running().mirrorProductSearchPage(...args),
    mirrorAccountPage: (...args) => running().mirrorAccountPage(...args),
    mirrorUserPage: (...args) => running().mirrorUserPage(...args),
    mirrorScope: (...args) => running().mirrorScope(...args),
    mirrorProduct: (...args) => running().mirrorProduct(...args),
    searchProducts: (...args) => running().searchProducts(...args),
    mirrorPricelistPage: (...args) => running().mirrorPricelistPage(...args),
    mirrorPricelistBuyers: (...args) => running().mirrorPricelistBuyers(...args),
    mirrorPricePage: (...args) => running().mirrorPricePage(...args),
    mirrorCategoryTree: (...args) => running().mirrorCategoryTree(...args),
    mirrorStandardUnits: () => running().mirrorStandardUnits(),
    mirrorCounterparts: (...args) => running().mirrorCounterparts(...args),
  };
}
