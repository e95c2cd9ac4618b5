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
import { ReceiveIcon } from '../../ui/icons/receive-icon';

export interface MenuEntry {
  label: string;
  to: '/app/catalogue' | '/app/pricelists' | '/app/orders' | '/app/orders/receive' | '/app/invoices' | '/app/accounts' | '/app/preferences';
  capability: Capability;
  icon: ReactNode;
  /** Screens inside this entry's area, listed under it (the spec's entries keep their order). */
  children?: readonly MenuEntry[];
}

/** The main navigation in the spec's order; each entry shows only to viewers holding its capability. */
export const mainEntries: readonly MenuEntry[] = [
  { label: 'Catalogue', to: '/app/catalogue', capability: 'viewCatalogue', icon: <CatalogueIcon /> },
  { label: 'Pricelists', to: '/app/pricelists', capability: 'viewPricelists', icon: <PricelistIcon /> },
  {
    label: 'Orders',
    to: '/app/orders',
    capability: 'viewOrders',
    icon: <OrdersIcon />,
    // The dock's screen (issue 31) is part of Orders: the same words as the button beside the Orders title.
    children: [{ label: 'Receive', to: '/app/orders/receive', capability: 'receiveDeliveries', icon: <ReceiveIcon /> }],
  },
  { label: 'Invoices', to: '/app/invoices', capability: 'viewInvoices', icon: <InvoiceIcon /> },
  { label: 'Accounts', to: '/app/accounts', capability: 'viewAccounts', icon: <AccountsIcon /> },
];

/** Pinned to the bottom of the menu. */
export const pinnedEntries: readonly MenuEntry[] = [
  { label: 'Preferences', to: '/app/preferences', capability: 'viewPreferences', icon: <PreferencesIcon /> },
];
