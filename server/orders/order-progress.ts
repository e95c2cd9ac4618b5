import { writeHistory } from '../history';
import { recordChange, type Tx } from '../sync/change-log';
import { orderScopes } from './receive-order';

export interface OrderProgress {
  state?: string;
  sellerRead?: boolean;
  buyerRead?: boolean;
  canExport?: boolean;
}

/**
 * The supplier's progress on an order (state, read flags, whether it may be exported),
 * apart from what the buyer sends: one revision for both sides' feeds, and a history
 * entry when the state moves.
 */
export async function setOrderProgress(trx: Tx, orderId: number, user: string, progress: OrderProgress): Promise<void> {
  const order = await trx.selectFrom('orders').select(['order_no', 'state', 'seller_key', 'buyer_key']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const rev = await recordChange(trx, { entity: 'order', key: String(orderId), op: 'upsert', scopes: orderScopes(order.seller_key, order.buyer_key) });
  await trx
    .updateTable('orders')
    .set({
      rev,
      ...(progress.state !== undefined && { state: progress.state }),
      ...(progress.sellerRead !== undefined && { seller_read: progress.sellerRead ? 1 : 0 }),
      ...(progress.buyerRead !== undefined && { buyer_read: progress.buyerRead ? 1 : 0 }),
      ...(progress.canExport !== undefined && { can_export: progress.canExport ? 1 : 0 }),
    })
    .where('id', '=', orderId)
    .execute();
  if (progress.state !== undefined && progress.state !== order.state) {
    await writeHistory(trx, user, {
      orgKey: order.seller_key,
      entity: 'order',
      entityKey: String(orderId),
      type: 'STATE',
      action: progress.state,
      description: `Order ${order.order_no} ${progress.state.toLowerCase()}`,
    });
  }
}
