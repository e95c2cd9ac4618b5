import { roundQuantity } from '../remaining-quantities';
import { receivingMessages as m } from '../receiving-messages';
import type { AsnReceiptInput } from '../schemas/asn-receipts';

interface ShippedLine {
  number: number;
  quantity: number;
}

/**
 * A receipt names every line of the ASN once, with what arrived: not below zero, not
 * more than the ASN ships (an over-delivery is received as shipped and taken up with
 * the supplier, so the invoice is never matched against more than was announced), and
 * a reason when less arrived than was shipped.
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
    else if (roundQuantity(line.quantity) > roundQuantity(quantity)) errors.push(m.aboveShipped(line.number, line.quantity, quantity));
    else if (roundQuantity(line.quantity) < roundQuantity(quantity) && !line.reason) errors.push(m.reasonNeeded(line.number));
  }
  for (const line of shipped) if (!seen.has(line.number)) errors.push(m.lineMissing(line.number));
  return errors;
}

/** A full line carries no reason, whatever the form sent. */
export function normalisedReceipt(receipt: AsnReceiptInput, shipped: readonly ShippedLine[]): AsnReceiptInput {
  const ships = new Map(shipped.map((l) => [l.number, l.quantity]));
  return {
    lines: receipt.lines.map((l) => {
      const quantity = roundQuantity(l.quantity);
      return { number: l.number, quantity, reason: quantity < roundQuantity(ships.get(l.number) ?? 0) ? l.reason : null };
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
