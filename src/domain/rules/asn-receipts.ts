import { roundQuantity } from '../remaining-quantities';
import { receivingMessages as m } from '../receiving-messages';
import { OVER_DELIVERY_FACTOR, OVER_REASONS, SHORT_REASONS, type AsnReceiptInput, type ReceiptReason } from '../schemas/asn-receipts';

interface ShippedLine {
  number: number;
  quantity: number;
}

/** The reasons a line received as `received` of `shipped` may give: none when it is in full. */
export function reasonsFor(received: number, shipped: number): readonly ReceiptReason[] {
  const r = roundQuantity(received);
  const s = roundQuantity(shipped);
  return r < s ? SHORT_REASONS : r > s ? OVER_REASONS : [];
}

/**
 * A receipt names every line of the ASN once, with what arrived: not below zero, a
 * reason when less arrived than was shipped (short or damaged) and when more did
 * (over: the dock records what is really there, the invoice match then decides what may
 * be billed), and not more than OVER_DELIVERY_FACTOR times what was shipped, which is a
 * typing slip rather than a delivery.
 */
export function validateAsnReceipt(receipt: AsnReceiptInput, shipped: readonly ShippedLine[]): string[] {
  const errors: string[] = [];
  const ships = new Map(shipped.map((l) => [l.number, l.quantity]));
  const seen = new Set<number>();
  for (const line of receipt.lines) {
    const quantity = ships.get(line.number);
    if (quantity === undefined) {
      errors.push(m.notOnAsn(line.number));
      continue;
    }
    if (seen.has(line.number)) errors.push(m.repeatedLine(line.number));
    seen.add(line.number);
    if (line.quantity < 0) errors.push(m.negative(line.number));
    else if (roundQuantity(line.quantity) > roundQuantity(quantity * OVER_DELIVERY_FACTOR)) errors.push(m.aboveLimit(line.number, line.quantity, quantity, OVER_DELIVERY_FACTOR));
    else {
      const reasons = reasonsFor(line.quantity, quantity);
      if (reasons.length > 0 && !(line.reason && reasons.includes(line.reason))) {
        errors.push(reasons.includes('OVER') ? m.overReasonNeeded(line.number) : m.reasonNeeded(line.number));
      }
    }
  }
  for (const line of shipped) if (!seen.has(line.number)) errors.push(m.lineMissing(line.number));
  return errors;
}

/** A line received in full carries no reason, whatever the form sent. */
export function normalisedReceipt(receipt: AsnReceiptInput, shipped: readonly ShippedLine[]): AsnReceiptInput {
  const ships = new Map(shipped.map((l) => [l.number, l.quantity]));
  return {
    lines: receipt.lines.map((l) => {
      const quantity = roundQuantity(l.quantity);
      return { number: l.number, quantity, reason: reasonsFor(quantity, ships.get(l.number) ?? 0).length > 0 ? l.reason : null };
    }),
  };
}

interface ReceivableAsn {
  lines: readonly ShippedLine[];
  receipts?: ReadonlyArray<{ number: number; quantity: number }> | undefined;
}

/**
 * What the 3-way match compares an invoice with, per order line: for each line of each
 * submitted ASN, what the buyer received when a receipt exists for it, what the ASN
 * shipped otherwise; and the order lines where a receipt counted.
 */
export function quantitiesToMatch(asns: readonly ReceivableAsn[]): { quantities: Map<number, number>; received: Set<number> } {
  const quantities = new Map<number, number>();
  const counted = new Set<number>();
  for (const asn of asns) {
    const receipts = new Map((asn.receipts ?? []).map((r) => [r.number, r.quantity]));
    for (const line of asn.lines) {
      const received = receipts.get(line.number);
      if (received !== undefined) counted.add(line.number);
      quantities.set(line.number, roundQuantity((quantities.get(line.number) ?? 0) + (received ?? line.quantity)));
    }
  }
  return { quantities, received: counted };
}
