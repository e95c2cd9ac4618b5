import { isCancellation, readInvoiceDetailHeader } from './invoice-detail-request';
import { readOrderRequest } from './order-request';
import type { XmlTree } from './xml-tree';

/**
 * What each accepted request type reads of its request element, in the sandbox beside the
 * parse: the worker hands back this small result, not the document's whole tree (cloning
 * a 20-line order's tree across the thread boundary cost more than applying it). Pure
 * functions only: the worker holds no database. The handlers (request-handlers.ts) take
 * what their reader returned.
 */
export const cxmlRequestReaders = {
  OrderRequest: readOrderRequest,
  InvoiceDetailRequest: (request: XmlTree) => ({ cancellation: isCancellation(request), read: readInvoiceDetailHeader(request) }),
  ProfileRequest: () => null,
} satisfies Record<string, (request: XmlTree) => unknown>;

export type CxmlRequestType = keyof typeof cxmlRequestReaders;

/** What the reader of a request type returns. */
export type CxmlRequestRead<T extends CxmlRequestType> = ReturnType<(typeof cxmlRequestReaders)[T]>;

export function isAcceptedRequestType(name: string): name is CxmlRequestType {
  return Object.hasOwn(cxmlRequestReaders, name);
}
