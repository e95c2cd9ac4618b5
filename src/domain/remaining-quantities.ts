/**
 * What is left to ship of an order: the order quantity of each line less what earlier
 * submitted ASNs already ship. The ASN form prefills from it and the server checks
 * every submit against it, so both sides count the same way.
 */

export interface QuantityLine {
  number: number;
  quantity: number;
}

/** Quantities carry two decimals; rounding here keeps 0.1 + 0.2 from leaving 0.30000000000000004. */
export function roundQuantity(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Order line number -> quantity still to ship (may be 0 or below when over-shipped earlier). */
export function remainingQuantities(
  orderLines: readonly QuantityLine[],
  earlierAsns: ReadonlyArray<{ lines: readonly QuantityLine[] }>,
): Map<number, number> {
  const shipped = new Map<number, number>();
  for (const asn of earlierAsns) {
    for (const line of asn.lines) shipped.set(line.number, (shipped.get(line.number) ?? 0) + line.quantity);
  }
  const remaining = new Map<number, number>();
  for (const line of orderLines) {
    remaining.set(line.number, roundQuantity((remaining.get(line.number) ?? 0) + line.quantity - (shipped.get(line.number) ?? 0)));
    shipped.delete(line.number);
  }
  return remaining;
}

/** The lines of a new ASN: each order line with what is left to ship; lines with 0 or less are dropped. */
export function prefillAsnLines(
  orderLines: ReadonlyArray<QuantityLine & { uom: string }>,
  earlierAsns: ReadonlyArray<{ lines: readonly QuantityLine[] }>,
): Array<{ number: number; quantity: number; uom: string }> {
  const remaining = remainingQuantities(orderLines, earlierAsns);
  return orderLines
    .map((line) => ({ number: line.number, quantity: remaining.get(line.number) ?? 0, uom: line.uom }))
    .filter((line) => line.quantity > 0);
}
