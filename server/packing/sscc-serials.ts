import { PROPERTY_NAMES } from '../../src/domain/constants';
import { buildSscc, isGs1CompanyPrefix, ssccSerialCapacity } from '../../src/domain/gs1/sscc';
import { scanMessages } from '../../src/domain/scan-messages';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';

/** At most this many SSCCs per reservation: a tablet packing offline holds a day's cartons. */
export const MAX_SSCC_RESERVATION = 100;

/**
 * Hands out `count` serial references of a supplier, never handed out before: the
 * counter moves forward in one UPDATE ... RETURNING, which SQLite runs under its one
 * writer lock and PostgreSQL under the row's lock, so processes sharing the database
 * each get a range of their own. Answers the first serial of the range.
 */
export async function reserveSerials(db: Db, sellerKey: string, count: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sscc_serials')
      .values({ seller_key: sellerKey, next_serial: 1 })
      .onConflict((c) => c.column('seller_key').doNothing())
      .execute();
    const row = await trx
      .updateTable('sscc_serials')
      .set((eb) => ({ next_serial: eb('next_serial', '+', count) }))
      .where('seller_key', '=', sellerKey)
      .returning('next_serial')
      .executeTakeFirstOrThrow();
    return Number(row.next_serial) - count;
  });
}

/** The supplier's GS1 company prefix (its account property), or null without one. */
async function companyPrefixOf(db: Db, orgNo: number): Promise<string | null> {
  const row = await db
    .selectFrom('properties')
    .select('value')
    .where('org_no', '=', orgNo)
    .where('property', '=', PROPERTY_NAMES.gs1CompanyPrefix)
    .where('deleted', '=', 0)
    .orderBy('org_property_no', 'desc')
    .executeTakeFirst();
  const value = row?.value.trim() ?? '';
  return value === '' ? null : value;
}

/** `count` new SSCCs of the supplier (extension digit 0); refused with the reason when it has no usable prefix. */
export async function reserveSsccs(db: Db, org: { orgNo: number; orgKey: string }, count: number): Promise<string[]> {
  const prefix = await companyPrefixOf(db, org.orgNo);
  if (!prefix) throw conflict([scanMessages.noCompanyPrefix]);
  if (!isGs1CompanyPrefix(prefix)) throw conflict([scanMessages.badCompanyPrefix(prefix)]);
  const first = await reserveSerials(db, org.orgKey, count);
  if (first + count > ssccSerialCapacity(prefix)) throw conflict([scanMessages.serialsExhausted(prefix)]);
  return Array.from({ length: count }, (_, i) => buildSscc(0, prefix, first + i));
}

/**
 * The SSCCs of a submit that were never handed out to this supplier: not on its company
 * prefix, or a serial its counter has not reached. A tablet can only label with SSCCs it
 * reserved, so anything else is a typo or another company's number.
 */
export async function unissuedSsccs(db: Db, org: { orgNo: number; orgKey: string }, ssccs: readonly string[]): Promise<string[]> {
  if (ssccs.length === 0) return [];
  const prefix = await companyPrefixOf(db, org.orgNo);
  const counter = await db.selectFrom('sscc_serials').select('next_serial').where('seller_key', '=', org.orgKey).executeTakeFirst();
  const next = Number(counter?.next_serial ?? 0);
  return ssccs.filter((sscc) => !prefix || sscc.slice(1, 1 + prefix.length) !== prefix || Number(sscc.slice(1 + prefix.length, 17)) >= next);
}
