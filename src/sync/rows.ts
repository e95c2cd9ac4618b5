import type { FieldIssue } from '../domain/messages';
import type { Account } from '../domain/schemas/accounts';
import type { Asn, AsnSubmit } from '../domain/schemas/asn';
import type { Meta, Product, ProductWrapper } from '../domain/schemas/catalogue';
import type { MatchingSettings } from '../domain/schemas/invoice-matching';
import type { InvoiceDocument, InvoiceItem, InvoiceMessage } from '../domain/schemas/invoices';
import type { HistoryEntry, Order, OrderLine, OrderSummary } from '../domain/schemas/orders';
import type { PriceGroup, Pricelist } from '../domain/schemas/pricelists';
import type {
  BuyerSellerPropsRow,
  BuyerSettings,
  EdiExportSetting,
  OrgProperty,
  OtherOrgPropertyRow,
  ReceivingEmail,
  SenderSource,
  UomMapping,
} from '../domain/schemas/properties';
import type { User } from '../domain/schemas/users';

/**
 * Rows of the browser's store. A mirrored row is the server's row as sent, plus its
 * scope, its key within the scope and the revision it was sent at. The field names
 * `scope`, `key` and `rev` are ours; the API rows do not use them for anything else.
 *
 * The typed rows below are the zod schemas of src/domain (z.infer) plus these fields:
 * src/api parses every answer with the same schemas the server answers with, so a
 * field renamed on the server fails the type check here or the parse there.
 */
// A type, not an interface: rows built on it stay assignable to MirrorRow's index signature.
export type MirrorFields = {
  scope: string;
  key: string;
  rev: number;
  /** Set on rows a pending outbox entry created and the server has not confirmed. */
  pending?: boolean;
};

/** A row of a table whose entity has no schema yet: the fields as the server sent them. */
export type MirrorRow = MirrorFields & { [field: string]: unknown };

/** A list page brings the summary; the detail call (or the changes feed) adds the addresses. */
export type OrderRow = MirrorFields & OrderSummary & Partial<Pick<Order, 'contact' | 'billTo' | 'shipTo'>>;

/** The detail call's lines are kept as rows of their own, under their order's key. */
export type OrderLineRow = MirrorFields & OrderLine & { orderId: string };

/**
 * An ASN as the server answers it, or the provisional row of a submit still in the
 * outbox: the submitted fields, `pending`, until the server's ASN replaces it.
 */
export type ServerAsnRow = MirrorFields & Asn & { pending?: false; /** A receipt made on this device, not yet taken by the server. */ receiptPending?: boolean };
type PendingAsnRow = MirrorFields & AsnSubmit & { pending: true };
export type AsnRow = ServerAsnRow | PendingAsnRow;
export const isServerAsn = (row: AsnRow): row is ServerAsnRow => !row.pending;

/** One entry of an order's or ASN's history; `view` is the type asked for (`*` for all), `position` the server's order. */
export type HistoryRow = MirrorFields & HistoryEntry & { entityKey: string; view: string; position: number };

/**
 * An invoice without its document and message, which are rows of their own under the
 * invoice's key (see split-row.ts); the list shows whether each exists.
 */
export type InvoiceRow = MirrorFields & Omit<InvoiceItem, 'document' | 'message'> & { hasDocument: boolean; hasMessage: boolean };
export type InvoiceDocumentRow = MirrorFields & InvoiceDocument;
export type InvoiceMessageRow = MirrorFields & InvoiceMessage;

/**
 * A product as the store holds it: the server's wrapper laid flat (product fields, then
 * prices, discrepancies...; the buyer's meta apart, in productMeta). Parsed with the
 * domain's wrapper schema on the way in (src/api). Partial: a row of the per-row overlay
 * may be only a removal, and chunks stored by an earlier version lack later fields.
 */
export type ProductRow = MirrorFields &
  Partial<Product> &
  Partial<Omit<ProductWrapper, 'product' | 'meta'>> & {
    sellerId: string;
    /** Only in the per-row overlay over the chunks: the server deleted this product (see product-chunks.ts). */
    removed?: true;
  };

/** The buyer's meta of one product; one created by an include made offline holds only what the include set. */
export type ProductMetaRow = MirrorFields & Partial<Meta>;

/**
 * A row of the account drawer's lists as the server sends it. A row added offline holds
 * what the form sent until the server answers: the number or id the server gives it
 * (the `Assigned` fields) is missing until then.
 */
type Added<T, Assigned extends keyof T> = MirrorFields & Omit<T, Assigned> & Partial<Pick<T, Assigned>>;
export type PropertyRow = Added<OrgProperty, 'orgPropertyNo' | 'orgNo'>;
export type ReceivingEmailRow = Added<ReceivingEmail, 'id'>;
export type SenderSourceRow = Added<SenderSource, 'id'>;
/**
 * No password: a secret never enters the browser's store, only whether one is set. A
 * setting saved offline holds the form's fields until the server answers: the order
 * format as typed, the fields its type does not use absent.
 */
export type EdiExportRow = Added<Omit<EdiExportSetting, 'orderFormat'>, Exclude<keyof EdiExportSetting, 'docType' | 'orderFormat'>> & {
  orderFormat?: number | string;
};

/** What an organisation keeps about another account; `records` is absent on a row only this browser wrote. */
export type OtherPropertyRow = MirrorFields & OtherOrgPropertyRow;
/** The buyer's tax codes. */
export type BuyerSettingsRow = MirrorFields & BuyerSettings;
/** A buyer's Invoice Matching preferences (key: the buyer). */
export type InvoiceMatchingRow = MirrorFields & MatchingSettings;
/** A buyer's code for one supplier; the seller is named by the key too, so a row saved offline lacks `sellerId`. */
export type SupplierCodeRow = MirrorFields & Pick<BuyerSellerPropsRow, 'supplierCode'> & Partial<Pick<BuyerSellerPropsRow, 'sellerId'>>;
/**
 * A supplier's UOM mapping, kept whole under `mapping`: its fields are unit names, which
 * must not meet the store's own fields (`scope`, `key`, ...).
 */
export type UomMappingRow = MirrorFields & { mapping: UomMapping };

/**
 * An account as support's list holds it (an account added offline holds the form's
 * fields until the server answers), or, in a supplier's or buyer's own scope, one of
 * the other side's accounts it may pick: only `uniqueKey`, `name` and `type`.
 */
export type AccountRow = MirrorFields & Partial<Account>;
/** A community user; `orgId` names its account (the feed and the page rows carry it). */
export type CommunityUserRow = MirrorFields & Partial<User> & { orgId?: string };
/**
 * A supplier's pricelist; one added offline has no `pricelistId` until the server
 * answers. `buyerIds`, the universities it is mapped to, is absent until first read.
 */
export type PricelistRow = MirrorFields & Partial<Pricelist> & { buyerIds?: string[] };
/** The prices of one product in one pricelist, under that pricelist's id. */
export type PriceGroupRow = MirrorFields & PriceGroup & { pricelistId: string };

type AsnDraftState = 'draft' | 'submitting';

/** An ASN being written: kept only in this browser until it is submitted. */
export type AsnDraftRow = MirrorFields & {
  orderId: string;
  state: AsnDraftState;
  /** The server's errors of the last failed submit. */
  errors?: string[];
  /** The same errors with the form field each is about (`{field, message}`), when the server named them. */
  fieldErrors?: FieldIssue[];
  asn: Record<string, unknown>;
  updatedAt: string;
};
