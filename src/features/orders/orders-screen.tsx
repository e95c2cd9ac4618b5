import { Page, PageTitle } from '../../ui/page';
import { AssumedRoleRequired } from './assumed-role-required';
import { OrderList } from './order-list';

export function OrdersScreen() {
  return (
    <Page>
      <PageTitle>Orders</PageTitle>
      <AssumedRoleRequired>{(perspective) => <OrderList perspective={perspective} />}</AssumedRoleRequired>
    </Page>
  );
}
