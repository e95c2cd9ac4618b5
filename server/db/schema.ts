import type { AccountTables } from './tables/accounts';
import type { CatalogueTables } from './tables/catalogue';
import type { AuthTables } from './tables/auth';
import type { CoreTables } from './tables/core';
import type { OrderTables } from './tables/orders';
import type { JobTables } from './tables/jobs';
import type { InvoiceTables } from './tables/invoices';
import type { EdiTables } from './tables/edi';
import type { ExtractionTables } from './tables/extraction';
import type { IntakeTables } from './tables/intake';
import type { PackingTables } from './tables/packing';

/**
 * The whole database, one interface per area under tables/. An area adds its tables
 * by intersecting its interface here (`CoreTables & OrderTables & ...`); its migration lives in migrations/.
 */
export type Database = CoreTables & AuthTables & OrderTables & InvoiceTables & AccountTables & JobTables & CatalogueTables & EdiTables & ExtractionTables & IntakeTables & PackingTables;
