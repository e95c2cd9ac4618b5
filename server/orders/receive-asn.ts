import { normalisedReceipt, validateAsnReceipt } from '../../src/domain/rules/asn-receipts';
import { receivingMessages as m } from '../../src/domain/receiving-messages';
import type { AsnReceiptInput } from '../../src/domain/schemas/asn-receipts';
import type { SessionUser } from '../auth/session';
import { writeHistory } from '../history';
import { badRequest, notFound } from '../http/errors';
import { rematchInvoicesOfOrder } from '../invoices/match-invoice';
import { holdRevisions, recordChange, type Tx } from '../sync/change-log';
import { loadAsn } from './asn-rows';

/** The history type of a receipt: apart from RECEIVED, which an order's arrival from the buyer's system writes. */
const RECEIPT_HISTORY_TYPE = 'GOODS_RECEIVED';

/** A device's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When the goods arrived: the device's time (a receipt made offline reaches the server
 * later), unless it is before the ASN existed or after now, when the server's time is.
 */
function receivedAtOf(claimed: string | undefined, asnCreated: string, now: Date): string {
  if (!claimed) return now.toISOString();
  const at = Date.parse(claimed);
  if (Number.isNaN(at) || at > now.getTime() + CLOCK_SKEW_MS || at < Date.parse(asnCreated)) return now.toISOString();
  return new Date(Math.min(at, now.getTime())).toISOString();
}

/**
 * The buyer confirms what arrived of a submitted ASN: one receipt row per ASN line
 * (a second receipt of the same ASN corrects the first), a new revision of the ASN so
 * both sides' devices pull it, history on the order and the ASN, and the order's
 * invoices matched again against what was received. Runs in the caller's transaction.
 */
export async function receiveAsn(trx: Tx, user: SessionUser, buyerKey: string, asnId: number, input: AsnReceiptInput) {
  // Several mirrored rows change (the ASN, then the invoices the re-match updates): the counter's lock first.
  await holdRevisions(trx);
  const asn = await trx
    .selectFrom('asns')
    .select(['id', 'shipment_id', 'seller_key', 'order_id', 'state', 'created_date'])
    .where('id', '=', asnId)
    .where('buyer_key', '=', buyerKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!asn) throw notFound('ASN');
  if (asn.state !== 'SUBMITTED') throw badRequest([m.notSubmitted]);
  const shipped = (await trx.selectFrom('asn_lines').select(['number', 'quantity']).where('asn_id', '=', asn.id).execute()).map((l) => ({
    number: l.number,
    quantity: Number(l.quantity),
  }));
  const errors = validateAsnReceipt(input, shipped);
  if (errors.length > 0) throw badRequest(errors);

  const receipt = normalisedReceipt(input, shipped);
  const earlier = await trx.selectFrom('asn_receipts').select('id').where('asn_id', '=', asn.id).execute();
  const receivedAt = receivedAtOf(input.receivedAt, asn.created_date, new Date());
  await trx.deleteFrom('asn_receipts').where('asn_id', '=', asn.id).execute();
  await trx
    .insertInto('asn_receipts')
    .values(
      receipt.lines.map((l) => ({
        asn_id: asn.id,
        number: l.number,
        quantity: l.quantity,
        reason: l.reason,
        received_at: receivedAt,
        received_by: user.displayName,
      })),
    )
    .execute();
  const rev = await recordChange(trx, {
    entity: 'asn',
    key: String(asn.id),
    op: 'upsert',
    scopes: [
      { kind: 'seller', orgKey: asn.seller_key },
      { kind: 'buyer', orgKey: buyerKey },
    ],
  });
  await trx.updateTable('asns').set({ rev }).where('id', '=', asn.id).execute();

  const ships = new Map(shipped.map((l) => [l.number, l.quantity]));
  const description = m.historyDescription(
    asn.shipment_id,
    receipt.lines.map((l) => ({ number: l.number, received: l.quantity, shipped: ships.get(l.number) ?? 0, reason: l.reason })),
    receivedAt,
    user.displayName,
  );
  const action = earlier.length > 0 ? m.corrected : m.historyAction;
  await writeHistory(trx, user, { orgKey: buyerKey, entity: 'order', entityKey: String(asn.order_id), type: RECEIPT_HISTORY_TYPE, action, description });
  await writeHistory(trx, user, { orgKey: buyerKey, entity: 'asn', entityKey: String(asn.id), type: RECEIPT_HISTORY_TYPE, action, description });

  // What the order's invoices are matched against (3-way) is now what arrived.
  await rematchInvoicesOfOrder(trx, asn.order_id, 'Goods received');
  return loadAsn(trx, 'buyer', buyerKey, asn.id);
}
