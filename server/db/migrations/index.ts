import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../database';
import * as core from './0001-core';
import * as auth from './0002-auth';
import * as jobs from './0003-jobs';
import * as catalogue from './0004-catalogue';
import * as orders from './0005-orders';
import * as invoices from './0007-invoices';
import * as accounts from './0009-accounts';
import * as uploadTokens from './0011-upload-tokens';
import * as ediPayloads from './0015-edi-payloads';
import * as productWire from './0016-product-wire';
import * as productFillWire from './0017-product-fill-wire';
import * as liveProductCodes from './0018-live-product-codes';
import * as jobAttempts from './0020-job-attempts';
import * as throttleCounters from './0025-throttle-counters';
import * as jobRetries from './0030-job-retries';
import * as cxmlInbound from './0035-cxml-inbound';
import * as intake from './0040-intake';
import * as invoiceMatching from './0045-invoice-matching';
import * as extractionTemplates from './0050-extraction-templates';
import * as invoiceIntakeErrors from './0055-invoice-intake-errors';
import * as invoiceCorrections from './0060-invoice-corrections';
import * as ssccSerials from './0065-sscc-serials';
import * as asnPackages from './0070-asn-packages';
import * as asnReceipts from './0075-asn-receipts';
import * as cxmlRefusalIndex from './0076-cxml-refusal-index';
import * as unconditionalIndexes from './0080-unconditional-indexes';
import * as invoicesByOrder from './0081-invoices-by-order';

/** Every migration, in the order their names sort. Areas add theirs here. */
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-auth': auth,
  '0003-jobs': jobs,
  '0004-catalogue': catalogue,
  '0005-orders': orders,
  '0007-invoices': invoices,
  '0009-accounts': accounts,
  '0011-upload-tokens': uploadTokens,
  '0015-edi-payloads': ediPayloads,
  '0016-product-wire': productWire,
  '0017-product-fill-wire': productFillWire,
  '0018-live-product-codes': liveProductCodes,
  '0020-job-attempts': jobAttempts,
  '0025-throttle-counters': throttleCounters,
  '0030-job-retries': jobRetries,
  '0035-cxml-inbound': cxmlInbound,
  '0040-intake': intake,
  '0045-invoice-matching': invoiceMatching,
  '0050-extraction-templates': extractionTemplates,
  '0055-invoice-intake-errors': invoiceIntakeErrors,
  '0060-invoice-corrections': invoiceCorrections,
  '0065-sscc-serials': ssccSerials,
  '0070-asn-packages': asnPackages,
  '0075-asn-receipts': asnReceipts,
  '0076-cxml-refusal-index': cxmlRefusalIndex,
  '0080-unconditional-indexes': unconditionalIndexes,
  '0081-invoices-by-order': invoicesByOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up to and including `name` only: how tests make a database as an older release left it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
