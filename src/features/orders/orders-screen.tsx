import { Page, PageTitle } from '../../ui/page';
import { AssumedRoleRequired } from './assumed-role-required';

export function OrdersScreen() {
  return (
    <Page>
      <PageTitle>Orders</PageTitle>
      <AssumedRoleRequired />
    </Page>
  );
}
