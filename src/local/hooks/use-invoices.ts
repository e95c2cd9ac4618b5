import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { newestFirst } from '../../domain/dates';
import type { InvoiceItem, InvoiceMessage } from '../../domain/schemas/invoices';
import type { InvoiceDocumentRow, InvoiceMessageRow, InvoiceRow, MirrorFields } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import type { LocalDatabase } from '../db/local-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';
import { useOnline } from './use-sync-state';

/** An invoice as the screens use it: the spec's item, put back together from the store's three tables. */
export interface InvoiceView extends InvoiceItem {
  key: string;
}

const NO_MESSAGE: InvoiceMessage = { subject: '', senderEmail: '', createdDate: '', recipients: [], htmlBody: null, pdfUrl: null };

/** A stored row's own fields, without what the store adds. */
function fieldsOf<R extends MirrorFields>(row: R): Omit<R, keyof MirrorFields> {
  const { scope: _scope, key: _key, rev: _rev, pending: _pending, ...fields } = row;
  return fields;
}

function invoiceViewOf(row: InvoiceRow, document: InvoiceDocumentRow | undefined, message: InvoiceMessageRow | undefined): InvoiceView {
  const { hasDocument: _hasDocument, hasMessage: _hasMessage, ...invoice } = fieldsOf(row);
  return {
    ...invoice,
    key: row.key,
    rev: row.rev,
    document: document ? fieldsOf(document) : null,
    message: message ? fieldsOf(message) : NO_MESSAGE,
  };
}

/** Newest first, as the server pages them: by the email's arrival, then by id. */
function byNewest(a: InvoiceView, b: InvoiceView): number {
  return newestFirst(a.message.createdDate, b.message.createdDate) || b.oiid - a.oiid;
}

/** The invoices of a scope held in the store (one veStatus when given), newest first. */
export async function heldInvoices(db: LocalDatabase, scope: string, veStatus?: string): Promise<InvoiceView[]> {
  const rows = veStatus
    ? await db.invoices.where('[scope+veStatus]').equals([scope, veStatus]).toArray()
    : await db.invoices.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
  const keys = rows.map((r) => [scope, r.key] as [string, string]);
  const [documents, messages] = await Promise.all([db.invoiceDocuments.bulkGet(keys), db.invoiceMessages.bulkGet(keys)]);
  return rows.map((row, i) => invoiceViewOf(row, documents[i], messages[i])).sort(byNewest);
}

/** The invoice list of a buyer scope, optionally one veStatus (Pending, Emailed, Exported). */
export function useInvoiceList(scope: string, veStatus?: string): OffsetMirror & { invoices: InvoiceView[] | undefined } {
  const invoices = useLiveQuery(() => heldInvoices(localDatabase(), scope, veStatus), [scope, veStatus]);
  const paging = useOffsetMirror((offset) => mirror('invoicePage', scope, offset, veStatus), `${scope}|${veStatus ?? ''}`);
  return { invoices, ...paging };
}

/**
 * How the last fetch of one invoice went: `loading` while the first answer is awaited,
 * `unknown` when the server has no such invoice, `unreachable` when it could not be asked.
 */
export type InvoiceFetchState = 'loading' | 'found' | 'unknown' | 'unreachable';

function useInvoiceFetch(scope: string, invoiceId: string): InvoiceFetchState {
  const [result, setResult] = useState<{ key: string; state: InvoiceFetchState } | null>(null);
  const key = `${scope}|${invoiceId}`;
  const online = useOnline();
  useEffect(() => {
    let live = true;
    const settle = (state: InvoiceFetchState) => live && setResult({ key, state });
    const pending = mirror('invoice', scope, invoiceId);
    if (!pending) settle('unreachable');
    else pending.then(({ found }) => settle(found ? 'found' : 'unknown'), () => settle('unreachable'));
    return () => {
      live = false;
    };
    // `online` asks again when the connection comes back.
  }, [scope, invoiceId, key, online]);
  return result?.key === key ? result.state : 'loading';
}

/** One invoice (`undefined` while the store is read, `null` when it holds none) and how fetching it went. */
export function useInvoice(scope: string, invoiceId: string) {
  const fetchState = useInvoiceFetch(scope, invoiceId);
  const invoice = useLiveQuery(async () => {
    const db = localDatabase();
    const row = await db.invoices.get([scope, invoiceId]);
    if (!row) return null;
    const [document, message] = await Promise.all([db.invoiceDocuments.get([scope, invoiceId]), db.invoiceMessages.get([scope, invoiceId])]);
    return invoiceViewOf(row, document, message);
  }, [scope, invoiceId]);
  return { invoice, fetchState };
}
