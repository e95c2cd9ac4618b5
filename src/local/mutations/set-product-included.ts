import { orgUrl, seg } from '../../api/org-path';
import { productMetaKey } from '../../sync/row-keys';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/** The buyer's Included checkbox: sets the meta's excluded flag for that buyer and seller. */
export function setProductIncluded(buyerId: string, sellerId: string, productCode: string, included: boolean) {
  const scope = scopeId('buyer', buyerId);
  return runCommand({
    kind: 'product.inclusion',
    scope,
    method: 'POST',
    path: orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/meta${seg(productCode)}`),
    body: { excluded: !included, productCode },
    touches: [{ table: 'productMeta', scope, key: productMetaKey(buyerId, sellerId, productCode) }],
  });
}
