import { useLiveQuery } from 'dexie-react-hooks';
import type { PropertyRow } from '../../sync/rows';
import type { MirrorTable } from '../../sync/store-schema';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';
import { useOffsetMirror } from './use-offset-mirror';

/** Every row of an org-level table (properties, receiving emails, sender sources, EDI exports, ...) of one organisation. */
export function useOrgRows(table: MirrorTable, orgId: string) {
  const scope = scopeId('org', orgId);
  return useLiveQuery(() => localDatabase()[table].where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray(), [table, scope]);
}

/** The basic properties of an organisation, paged from the server as the spec pages them. */
export function useProperties(orgId: string) {
  const scope = scopeId('org', orgId);
  const properties = useOrgRows('properties', orgId) as PropertyRow[] | undefined;
  const paging = useOffsetMirror((offset) => syncEngine()?.mirrorPropertyPage(scope, offset), scope);
  return { properties, ...paging };
}

/** One named property (e.g. ASN_CONTACT_EMAIL_LIST); `conflict` when more than one record holds the name. */
export function usePropertyByName(orgId: string, property: string) {
  return useLiveQuery(async () => {
    const rows = (await localDatabase()
      .properties.where('[scope+property]')
      .equals([scopeId('org', orgId), property])
      .toArray()) as PropertyRow[];
    return { row: rows[0] ?? null, conflict: rows.length > 1 };
  }, [orgId, property]);
}

/** A single-row setting keyed by organisation: tax codes (buyerSettings) or the UOM mapping (uomMappings). */
export function useOrgSetting(table: 'buyerSettings' | 'uomMappings', orgId: string) {
  return useLiveQuery(async () => (await localDatabase()[table].get([scopeId('org', orgId), orgId])) ?? null, [table, orgId]);
}
