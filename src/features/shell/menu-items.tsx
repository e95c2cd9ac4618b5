import type { ReactNode } from 'react';
import type { Capability } from '../../domain/roles';
import {
  AccountsIcon,
  CatalogueIcon,
  InvoiceIcon,
  OrdersIcon,
  PreferencesIcon,
  PricelistIcon,
} from '../../ui/icons/icons';

export interface MenuEntry {
  label: string;
  to: '/app/catalogue' | '/app/pricelists' | '/app/orders' | '/app/invoices' | '/app/accounts' | '/app/preferences';
  capability: Capability;
  icon: ReactNode;
}

/** The main navigation in the spec's order; each entry shows only to viewers holding its capability. */
export const mainEntries: readonly MenuEntry[] = [
  { label: 'Catalogue', to: '/app/catalogue', capability: 'viewCatalogue', icon: <CatalogueIcon /> },
  { label: 'Pricelists', to: '/app/pricelists', capability: 'viewPricelists', icon: <PricelistIcon /> },
  { label: 'Orders', to: '/app/orders', capability: 'viewOrders', icon: <OrdersIcon /> },
  { label: 'Invoices', to: '/app/invoices', capability: 'viewInvoices', icon: <InvoiceIcon /> },
  { label: 'Accounts', to: '/app/accounts', capability: 'viewAccounts', icon: <AccountsIcon /> },
];

/** Pinned to the bottom of the menu. */
export const pinnedEntries: readonly MenuEntry[] = [
  { label: 'Preferences', to: '/app/preferences', capability: 'viewPreferences', icon: <PreferencesIcon /> },
];
