import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import { prefillAsnLines, remainingQuantities, type QuantityLine } from '../../domain/remaining-quantities';
import { asnSubmitSchema, type AsnSubmit } from '../../domain/schemas/asn';
import { ADDRESS_FIELDS, emptyAddress, type Address } from '../../domain/schemas/orders';
import type { AsnDraftRow, OrderLineRow, OrderRow, ServerAsnRow } from '../../local/db/store-rows';

/** The body of an ASN submit, which is also what a draft stores: a draft is sent as it is. */
export type AsnBody = AsnSubmit;

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** A stored draft or ASN row read as a body; missing fields count as empty, as the server reads them. */
export function asnBodyOf(asn: Record<string, unknown>): AsnBody {
  const parsed = asnSubmitSchema.safeParse(asn);
  return parsed.success ? parsed.data : asnSubmitSchema.parse({});
}

function orderQuantityLines(lines: readonly OrderLineRow[]): Array<QuantityLine & { uom: string }> {
  return lines.map((l) => ({ number: l.number, quantity: l.quantity, uom: l.uom }));
}

/**
 * What was already shipped for this order: the server's ASNs and the submits still
 * waiting to be sent (they will ship too), leaving out the draft being edited.
 */
export function earlierShipments(asns: readonly ServerAsnRow[], drafts: readonly AsnDraftRow[], exceptDraft?: string) {
  const sent = asns.map((a) => ({ lines: asnBodyOf(a).lines }));
  const waiting = drafts.filter((d) => d.state === 'submitting' && d.key !== exceptDraft).map((d) => ({ lines: asnBodyOf(d.asn).lines }));
  return [...sent, ...waiting];
}

export function remainingOf(lines: readonly OrderLineRow[], earlier: ReturnType<typeof earlierShipments>) {
  return remainingQuantities(orderQuantityLines(lines), earlier);
}

/** The ASN's limits of the address fields that have one. */
const ADDRESS_LENGTHS: Partial<Record<keyof Address, number>> = ASN_FIELD_LENGTHS;

/** An order address cut to the ASN's field lengths, so a default never starts out too long. */
function fitAddress(address: Partial<Address> | undefined): Address {
  const out = emptyAddress();
  for (const field of ADDRESS_FIELDS) {
    const value = address?.[field] ?? '';
    const max = ADDRESS_LENGTHS[field];
    out[field] = max === undefined ? value : value.slice(0, max);
  }
  return out;
}

/**
 * A new ASN for the order: shipped to the order's Deliver To address, from the
 * supplier (by name; the order holds no supplier address), issued today, with every
 * line that still has something left to ship (spec section 5).
 */
export function newAsnBody(order: OrderRow, lines: readonly OrderLineRow[], earlier: ReturnType<typeof earlierShipments>): AsnBody {
  return {
    orderNumber: order.orderNo,
    noticeDate: today(),
    deliveryDate: '',
    shipmentDate: '',
    carrierName: '',
    trackingId: '',
    shipFrom: fitAddress({ name: order.sellerName }),
    shipTo: fitAddress(order.shipTo),
    lines: prefillAsnLines(orderQuantityLines(lines), earlier),
    packages: [],
  };
}
