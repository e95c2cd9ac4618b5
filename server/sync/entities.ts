import { accountEntityLoaders } from '../accounts/entity-loaders';
import { catalogueEntityLoaders } from '../catalogue/entity-loaders';
import { loadInvoices } from '../invoices/invoice-rows';
import { loadAsns } from '../orders/asn-rows';
import { loadOrders } from '../orders/order-rows';
import type { EntityLoader } from './entity-loader';

/**
 * How the changes feed (GET /api/sync/{kind}/{orgId}/changes) turns change_log
 * entries into rows. Every entity name an area passes to `recordChange` gets one
 * loader here:
 *
 *   entityLoaders.invoice = async (db, keys, scope) => new Map(rows.map((r) => [String(r.id), shape(r)]));
 *
 * The loader's contract is in ./entity-loader.ts.
 */

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
