import { sql } from 'kysely';
import { isPostgres, type Db } from '../database';
import { seedAccounts } from './seed-accounts';
import { seedCatalogue } from './seed-catalogue';
import { seedOrgsAndUsers } from './seed-orgs';
import { seedOrders } from './seed-orders';
import { seedInvoices } from './seed-invoices';

export { DEMO_CXML_DOMAIN, DEMO_CXML_SECRET, DEMO_PASSWORD, DEMO_SIGN_INS } from './orgs';

export interface SeedOptions {
  /** Products per supplier; benchmarks raise it. */
  products?: number;
  /** Products of the first supplier alone (a large catalogue for benchmarks); by default `products`. */
  firstSupplierProducts?: number | null;
  /** The data directory: where the catalogue's product images go (through the blob store). */
  dataDir?: string | null;
}

/** Seeders run in this order; each area's seeder adds its rows for the demo organisations (invoices bill the orders and are routed by the accounts' receiving emails, so after both). */
const seeders: Array<(db: Db, opts: Required<SeedOptions>) => Promise<void>> = [seedOrgsAndUsers, seedCatalogue, seedOrders, seedAccounts, seedInvoices];

export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  const full: Required<SeedOptions> = {
    products: opts.products ?? 2000,
    firstSupplierProducts: opts.firstSupplierProducts ?? null,
    dataDir: opts.dataDir ?? null,
  };
  for (const seed of seeders) await seed(db, full);
  // PostgreSQL plans from statistics its autovacuum gathers a minute or more after a bulk
  // write; until then it takes the seeded tables for nearly empty, and the buyer's product
  // page (products joined to the buyer's metas) ran a plan thirty times dearer (6 ms, not 0.2).
  if (isPostgres(db)) await sql`analyze`.execute(db);
}

export async function seedDemoIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const any = await db.selectFrom('orgs').select('org_no').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemo(db, opts);
  return true;
}
