import { createRoute } from '@tanstack/react-router';
import { AccountsScreen } from '../features/accounts/accounts-screen';
import { UserCommunityScreen } from '../features/accounts/user-community-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

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
