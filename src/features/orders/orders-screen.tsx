import { useNavigate } from '@tanstack/react-router';
import { receivingMessages } from '../../domain/receiving-messages';
import { can } from '../../domain/roles';
import { Button } from '../../ui/button/Button';
import { Page, PageTitle } from '../../ui/page';
import { AssumedRoleRequired } from './assumed-role-required';
import { OrderList } from './order-list';
import { TitleRow } from './order-list.styles';
import { useOrderPerspective } from './use-order-perspective';

export function OrdersScreen() {
  const navigate = useNavigate();
  const perspective = useOrderPerspective();
  const mayReceive = perspective?.side === 'buyer' && can(perspective.viewer, 'receiveDeliveries');
  return (
    <Page>
      <TitleRow>
        <PageTitle>Orders</PageTitle>
        {mayReceive && (
          <Button variant="outlined" onClick={() => void navigate({ to: '/app/orders/receive' })}>
            {receivingMessages.receive}
          </Button>
        )}
      </TitleRow>
      <AssumedRoleRequired>{(p) => <OrderList perspective={p} />}</AssumedRoleRequired>
    </Page>
  );
}
