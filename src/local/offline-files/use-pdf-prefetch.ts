import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { localDatabase } from '../db/current-database';
import { prefetchScopeInvoicePdfs } from './prefetch-invoice-pdfs';

/**
 * While a buyer's invoice list is open: once a page is mirrored, and again whenever the
 * store holds more of the buyer's invoices (later pages, the changes feed), keep the
 * PDFs of the newest pending ones offline. Files already held are skipped cheaply, so
 * running again costs a few cache look-ups.
 */
export function usePendingPdfPrefetch(scope: string, pageMirrored: boolean): void {
  const held = useLiveQuery(
    () => localDatabase().invoices.where('[scope+key]').between([scope, ''], [scope, '\uffff']).count(),
    [scope],
  );
  useEffect(() => {
    if (!pageMirrored || !held) return;
    void prefetchScopeInvoicePdfs(scope).catch(() => undefined);
  }, [scope, pageMirrored, held]);
}
