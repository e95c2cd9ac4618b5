import { Page, PageTitle } from '../../ui/page';
import { AssumedRoleRequired } from './assumed-role-required';

export function OrderScreen() {
  return (
    <Page>
      <PageTitle>Order</PageTitle>
      <AssumedRoleRequired />
    </Page>
  );
}
