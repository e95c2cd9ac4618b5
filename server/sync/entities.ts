import { accountEntityLoaders } from '../accounts/entity-loaders';
import { catalogueEntityLoaders } from '../catalogue/entity-loaders';
import type { Db } from '../db/database';
import { loadInvoices } from '../invoices/invoice-rows';
import { loadAsns } from '../orders/asn-rows';
import { loadOrders } from '../orders/order-rows';
import type { Scope } from './change-log';

/**
 * How the changes feed (GET /api/sync/{kind}/{orgId}/changes) turns change_log
 * entries into rows. Every entity name an area passes to `recordChange` gets one
 * loader here:
 *
 *   entityLoaders.invoice = async (db, keys, scope) => new Map(rows.map((r) => [String(r.id), shape(r)]));
 *
 * A loader receives the distinct keys of one page of changes and the scope asking
 * (seller, buyer or org, with its org key). It returns key -> row, shaped exactly as
 * that entity's GET answer for that scope, and must leave out keys that are deleted
 * (tombstoned) or that the scope may not see: the feed then answers them as deletes.
 * Entities without a loader go out as bare {entity, key, op} so a client can refetch.
 */
export type EntityLoader = (db: Db, keys: string[], scope: Scope) => Promise<Map<string, unknown>>;

function numericKeys(keys: string[]): number[] {
  return keys.map(Number).filter((n) => Number.isInteger(n));
}

function keyed<T>(rows: Map<number, T>): Map<string, unknown> {
  return new Map([...rows].map(([id, row]) => [String(id), row]));
}

export const entityLoaders: Record<string, EntityLoader> = {
  ...accountEntityLoaders,
  ...catalogueEntityLoaders,
  order: async (db, keys, scope) =>
    scope.kind === 'org' ? new Map() : keyed(await loadOrders(db, scope.kind, scope.orgKey, numericKeys(keys))),
  asn: async (db, keys, scope) =>
    scope.kind === 'org' ? new Map() : keyed(await loadAsns(db, scope.kind, scope.orgKey, numericKeys(keys))),
  invoice: async (db, keys, scope) =>
    scope.kind === 'buyer' ? keyed(await loadInvoices(db, scope.orgKey, numericKeys(keys))) : new Map(),
};
