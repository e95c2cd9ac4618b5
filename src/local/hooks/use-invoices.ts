import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { InvoiceRow } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';

/** The invoice list of a buyer scope, optionally one veStatus (Pending, Emailed, Exported). */
export function useInvoiceList(scope: string, veStatus?: string): OffsetMirror & { invoices: InvoiceRow[] | undefined } {
  const invoices = useLiveQuery(async () => {
    const db = localDatabase();
    const rows = veStatus
      ? await db.invoices.where('[scope+veStatus]').equals([scope, veStatus]).toArray()
      : await db.invoices.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows as InvoiceRow[];
  }, [scope, veStatus]);
  const paging = useOffsetMirror((offset) => syncEngine()?.mirrorInvoicePage(scope, offset, veStatus), `${scope}|${veStatus ?? ''}`);
  return { invoices, ...paging };
}

/** One invoice with its document and message; `null` when the store has none. */
export function useInvoice(scope: string, invoiceId: string) {
  useEffect(() => {
    void syncEngine()?.mirrorInvoice(scope, invoiceId).catch(() => undefined);
  }, [scope, invoiceId]);
  return useLiveQuery(async () => {
    const db = localDatabase();
    const invoice = (await db.invoices.get([scope, invoiceId])) as InvoiceRow | undefined;
    if (!invoice) return null;
    const [document, message] = await Promise.all([db.invoiceDocuments.get([scope, invoiceId]), db.invoiceMessages.get([scope, invoiceId])]);
    return { invoice, document: document ?? null, message: message ?? null };
  }, [scope, invoiceId]);
}
