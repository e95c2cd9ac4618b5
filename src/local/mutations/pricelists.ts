import { orgUrl, seg } from '../../api/org-path';
import { isTemporaryKey, TEMPORARY_KEY } from '../../sync/commands/collection-item';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/** A new pricelist by name: shown at once under a temporary key, the server's id replaces it. */
export function addPricelist(sellerId: string, name: string) {
  const scope = scopeId('seller', sellerId);
  return runCommand({
    kind: 'pricelist.add',
    scope,
    method: 'POST',
    path: orgUrl('seller', sellerId, '/pricelist'),
    body: { name },
    touches: [{ table: 'pricelists', scope, key: TEMPORARY_KEY }],
  });
}

export function renamePricelist(sellerId: string, key: string, name: string) {
  if (isTemporaryKey(key)) throw new Error('This pricelist is still being saved; rename it once it is');
  const scope = scopeId('seller', sellerId);
  return runCommand({
    kind: 'pricelist.edit',
    scope,
    method: 'PUT',
    path: orgUrl('seller', sellerId, `/pricelist${seg(key)}`),
    body: { name },
    touches: [{ table: 'pricelists', scope, key }],
  });
}

/** Map Universities: the ticked universities replace the pricelist's mapping, shown at once. */
export function mapPricelistUniversities(sellerId: string, key: string, buyerIds: readonly string[]) {
  if (isTemporaryKey(key)) throw new Error('This pricelist is still being saved; map it once it is');
  const scope = scopeId('seller', sellerId);
  return runCommand({
    kind: 'pricelist.mapping',
    scope,
    method: 'PUT',
    path: orgUrl('seller', sellerId, `/pricelist${seg(key)}/buyers`),
    body: { buyerIds: [...buyerIds].sort() },
    touches: [{ table: 'pricelists', scope, key }],
  });
}
