import { asnSchema } from '../../domain/schemas/asn';
import { asnReceiptInputSchema } from '../../domain/schemas/asn-receipts';
import type { MirrorRow } from '../rows';
import { touchId } from '../overlay';
import type { CommandDef } from './command';

/**
 * The buyer's dock confirms what arrived of an ASN: the ASN row shows the receipt at once
 * (offline too), marked `receiptPending` until the server has it. Accepted, the server's
 * ASN (receipts dated and signed by the server) replaces the row; refused, the overlay
 * takes the receipt back and the form shows why.
 */
export const receiveAsnCommand: CommandDef = {
  kind: 'asn.receive',
  apply(rows, entry) {
    const input = asnReceiptInputSchema.safeParse(entry.body);
    return rows.map((row) => {
      if (!row || !input.success) return row;
      const receivedAt = input.data.receivedAt ?? new Date(0).toISOString();
      const receipts = input.data.lines.map((l) => ({ number: l.number, quantity: l.quantity, reason: l.reason, receivedAt, receivedBy: '' }));
      return { ...row, receipts, receiptPending: true } as MirrorRow;
    });
  },
  async onAck(db, entry, answer) {
    const touch = entry.touches[0]!;
    const asn = asnSchema.safeParse(answer);
    // Another change still pending on the row keeps it as the overlay computed it; the changes feed brings the server's.
    if (!asn.success || (await db.bases.get(touchId(touch)))) return;
    const current = await db.asns.get([touch.scope, touch.key]);
    // The row's revision stays, so the changes feed's newer one replaces it.
    await db.asns.put({ ...asn.data, scope: touch.scope, key: touch.key, rev: current?.rev ?? 0 });
  },
};
