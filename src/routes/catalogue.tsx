import { createRoute } from '@tanstack/react-router';
import { CatalogueScreen } from '../features/catalogue/catalogue-screen';
import { ProductScreen } from '../features/catalogue/product-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

export const catalogueRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/catalogue',
  component: guarded('viewCatalogue', CatalogueScreen),
});

export const sellerProductRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/product/$productId/seller/$sellerId/$',
  component: guarded('viewCatalogue', ProductScreen),
});

export const buyerProductRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/product/$productId/seller/$sellerId/buyer/$buyerId',
  component: guarded('viewCatalogue', ProductScreen),
});
