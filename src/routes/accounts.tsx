import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const AccountsScreen = lazyRouteComponent(() => import('../features/accounts/accounts-screen'), 'AccountsScreen');
const UserCommunityScreen = lazyRouteComponent(() => import('../features/accounts/user-community-screen'), 'UserCommunityScreen');

export const accountsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/accounts',
  component: guarded('viewAccounts', AccountsScreen),
});

export const userCommunityRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/accounts/$orgid/user',
  component: guarded('viewUserCommunity', UserCommunityScreen),
});
