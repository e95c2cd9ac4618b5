import { createRoute } from '@tanstack/react-router';
import { InvoiceScreen } from '../features/invoices/invoice-screen';
import { InvoicesScreen } from '../features/invoices/invoices-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

export const invoicesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/invoices',
  component: guarded('viewInvoices', InvoicesScreen),
});

export const invoiceRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/invoices/$buyerId/$invoiceId',
  component: guarded('viewInvoices', InvoiceScreen),
});
