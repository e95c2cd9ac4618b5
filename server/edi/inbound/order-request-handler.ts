import { receiveOrder } from '../../orders/receive-order';
import type { CxmlRequestHandler } from './request-handlers';
import type { CxmlRequestRead } from './request-readers';

/** A buyer's OrderRequest to a supplier: new, update or delete, through the order service. */
export const orderRequestHandler: CxmlRequestHandler<CxmlRequestRead<'OrderRequest'>> = {
  fromType: 'UNIVERSITY',
  toType: 'SUPPLIER',
  changes: true,
  async handle(trx, { envelope, from, to, read }) {
    if ('errors' in read) return { code: 400, message: read.errors.join('; ') };
    const outcome = await receiveOrder(trx, { sellerKey: to!.orgKey, buyerKey: from.orgKey, buyerName: from.name }, envelope.payloadId, read.order);
    return outcome.ok ? { code: 200, message: outcome.text } : { code: outcome.status, message: outcome.text };
  },
};
