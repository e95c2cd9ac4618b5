/**
 * A process that reserves SSCC serials on the database the parent names (DATABASE_URL,
 * else the SQLite file in PORTAL_DATA_DIR) as fast as it can, and sends back each range.
 */
import { createDatabase } from '../../../server/db/database';
import { reserveSerials } from '../../../server/packing/sscc-serials';

const db = createDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.PORTAL_DATA_DIR ?? '' });
const rounds = Number(process.env.ROUNDS);
const size = Number(process.env.SIZE);
const firsts: number[] = [];
for (let i = 0; i < rounds; i += 1) firsts.push(await reserveSerials(db, process.env.SELLER ?? '', size));
await db.destroy();
process.send?.(firsts, () => process.exit(0));
