import { useLiveQuery } from 'dexie-react-hooks';
import type { AsnDraftRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';

/** The ASN drafts a supplier keeps for one order (with the errors of a refused submit). */
export function useAsnDrafts(sellerId: string, orderId: string): AsnDraftRow[] | undefined {
  return useLiveQuery(async () => {
    return localDatabase().asnDrafts.where('[scope+orderId]').equals([scopeId('seller', sellerId), orderId]).toArray();
  }, [sellerId, orderId]);
}
