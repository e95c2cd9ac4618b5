import type { FieldIssue } from '../domain/messages';

/**
 * Rows of the browser's store. A mirrored row is the server's row as sent, plus its
 * scope, its key within the scope and the revision it was sent at. The field names
 * `scope`, `key` and `rev` are ours; the API rows do not use them for anything else.
 */
export interface MirrorRow {
  scope: string;
  key: string;
  rev: number;
  /** Set on rows a pending outbox entry created and the server has not confirmed. */
  pending?: boolean;
  [field: string]: unknown;
}

export interface OrderRow extends MirrorRow {
  id?: string | number;
  orderNo?: string;
  orderDate?: string;
  state?: string;
  read?: boolean;
  canExport?: boolean;
  buyerId?: string;
  buyerName?: string;
  sellerName?: string;
  orderTotalExtTax?: number;
  orderTotalCurrency?: string;
}

export interface OrderLineRow extends MirrorRow {
  orderId: string;
  number?: number;
}

export interface InvoiceRow extends MirrorRow {
  read?: boolean;
  exported?: boolean;
  veStatus?: string;
  title?: string;
}

export interface ProductRow extends MirrorRow {
  sellerId: string;
  productCode?: string;
  description?: string;
  unitOfMeasure?: string;
}

export interface ProductMetaRow extends MirrorRow {
  excluded?: boolean;
  productCode?: string;
}

export interface PropertyRow extends MirrorRow {
  orgPropertyNo?: number;
  property?: string;
  value?: string;
}

export type AsnDraftState = 'draft' | 'submitting';

/** An ASN being written: kept only in this browser until it is submitted. */
export interface AsnDraftRow extends MirrorRow {
  orderId: string;
  state: AsnDraftState;
  /** The server's errors of the last failed submit. */
  errors?: string[];
  /** The same errors with the form field each is about (`{field, message}`), when the server named them. */
  fieldErrors?: FieldIssue[];
  asn: Record<string, unknown>;
  updatedAt: string;
}
