import type { ServerConfig } from './config';
import type { Db } from './db/database';

/** What every route group gets: the configuration and the database. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
}
