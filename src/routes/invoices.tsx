import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const InvoiceScreen = lazyRouteComponent(() => import('../features/invoices/invoice-screen'), 'InvoiceScreen');
const InvoicesScreen = lazyRouteComponent(() => import('../features/invoices/invoices-screen'), 'InvoicesScreen');

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
