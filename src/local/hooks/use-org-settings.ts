import { useLiveQuery } from 'dexie-react-hooks';
import { typedTable, type MirrorRowOf, type MirrorTable } from '../../sync/store-schema';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { asSyncDb } from '../db/local-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror } from './use-offset-mirror';

const orgTable = <T extends MirrorTable>(table: T) => typedTable(asSyncDb(localDatabase()), table);

/** Every row of an org-level table (properties, receiving emails, sender sources, EDI exports, ...) of one organisation. */
export function useOrgRows<T extends MirrorTable>(table: T, orgId: string): MirrorRowOf<T>[] | undefined {
  const scope = scopeId('org', orgId);
  return useLiveQuery(() => orgTable(table).where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray(), [table, scope]);
}

/** The basic properties of an organisation, paged from the server as the spec pages them. */
export function useProperties(orgId: string) {
  const scope = scopeId('org', orgId);
  const properties = useOrgRows('properties', orgId);
  const paging = useOffsetMirror((offset) => mirror('propertyPage', scope, offset), scope);
  return { properties, ...paging };
}

/** One named property (e.g. ASN_CONTACT_EMAIL_LIST); `conflict` when more than one record holds the name. */
export function usePropertyByName(orgId: string, property: string) {
  return useLiveQuery(async () => {
    const rows = await localDatabase()
      .properties.where('[scope+property]')
      .equals([scopeId('org', orgId), property])
      .toArray();
    return { row: rows[0] ?? null, conflict: rows.length > 1 };
  }, [orgId, property]);
}

/** A single-row setting keyed by organisation: tax codes (buyerSettings), invoice matching or the UOM mapping (uomMappings). */
export function useOrgSetting<T extends 'buyerSettings' | 'uomMappings' | 'invoiceMatching'>(table: T, orgId: string): MirrorRowOf<T> | null | undefined {
  return useLiveQuery(async () => (await orgTable(table).get([scopeId('org', orgId), orgId])) ?? null, [table, orgId]);
}
