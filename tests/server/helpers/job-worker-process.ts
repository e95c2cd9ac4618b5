/**
 * A server process for tests that kill one: builds the app on the database the parent
 * names (DATABASE_URL, else the SQLite file in PORTAL_DATA_DIR), whose job runner then
 * claims what is queued. The parent ends it with SIGKILL, as a crash would.
 */
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createDatabase } from '../../../server/db/database';

const config = loadConfig(process.env, { distDir: null, ediAllowNetworks: ['127.0.0.1'] });
const db = createDatabase(config);
const app = await buildApp({ config, db });
await app.jobRunner.runPending();
