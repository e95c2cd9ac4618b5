import { accountsRoute, userCommunityRoute } from './accounts';
import { buyerProductRoute, catalogueRoute, sellerProductRoute } from './catalogue';
import { homeRoute } from './home';
import { invoiceRoute, invoicesRoute } from './invoices';
import { orderRoute, ordersRoute } from './orders';
import { receiveRoute } from './orders-receive';
import { preferencesRoute } from './preferences';
import { pricelistsRoute } from './pricelists';
import { rootRoute } from './root';
import { shellRoute } from './shell';
import { termsOfUseRoute } from './terms-of-use';

/** Every route of the spec's table. */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  termsOfUseRoute,
  shellRoute.addChildren([
    catalogueRoute,
    sellerProductRoute,
    buyerProductRoute,
    pricelistsRoute,
    ordersRoute,
    receiveRoute,
    orderRoute,
    invoicesRoute,
    invoiceRoute,
    accountsRoute,
    userCommunityRoute,
    preferencesRoute,
  ]),
]);
