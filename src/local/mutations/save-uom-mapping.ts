import { orgUrl } from '../../api/org-path';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/** Save Mapping: the supplier's own code per standard unit, replacing the whole mapping. */
export function saveUomMapping(sellerId: string, mapping: Record<string, string>) {
  const scope = scopeId('org', sellerId);
  return runCommand({
    kind: 'seller.uomMapping',
    scope,
    method: 'PUT',
    path: orgUrl('seller', sellerId, '/uom'),
    body: mapping,
    touches: [{ table: 'uomMappings', scope, key: sellerId }],
  });
}
