import { useState } from 'react';
import { INVOICE_STATUS_FILTERS } from '../../domain/constants';
import type { InvoiceStatusFilter } from '../../domain/invoice-display';

/** The chosen status filter outlives a reload (a setting of this browser, not personal data). */
export const INVOICE_FILTER_KEY = 'portal.invoiceFilter';

function stored(): InvoiceStatusFilter {
  try {
    const value = localStorage.getItem(INVOICE_FILTER_KEY);
    return INVOICE_STATUS_FILTERS.find((f) => f === value) ?? 'All';
  } catch {
    return 'All';
  }
}

export function useInvoiceFilter(): [InvoiceStatusFilter, (filter: InvoiceStatusFilter) => void] {
  const [filter, setFilter] = useState<InvoiceStatusFilter>(stored);
  const choose = (next: InvoiceStatusFilter) => {
    setFilter(next);
    try {
      localStorage.setItem(INVOICE_FILTER_KEY, next);
    } catch {
      // Storage refused (private mode, full): the choice holds for this visit only.
    }
  };
  return [filter, choose];
}
