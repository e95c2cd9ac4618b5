import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const CatalogueScreen = lazyRouteComponent(() => import('../features/catalogue/catalogue-screen'), 'CatalogueScreen');
const ProductScreen = lazyRouteComponent(() => import('../features/catalogue/product-screen'), 'ProductScreen');

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
