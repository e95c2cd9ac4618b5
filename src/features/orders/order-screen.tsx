import { useParams } from '@tanstack/react-router';
import { scopeId } from '../../local/db/store-keys';
import { Page } from '../../ui/page';
import { AssumedRoleRequired } from './assumed-role-required';
import { OrderDetail } from './order-detail';

export function OrderScreen() {
  const { orgid, orderid } = useParams({ from: '/shell/app/orders/$orgid/order/$orderid' });
  return (
    <Page>
      <AssumedRoleRequired>
        {(perspective) => (
          // Keyed by order: moving to another order (from the orders drawer) starts afresh.
          <OrderDetail
            key={`${orgid}/${orderid}`}
            perspective={{ ...perspective, orgId: orgid, scope: scopeId(perspective.side, orgid) }}
            orderId={orderid}
          />
        )}
      </AssumedRoleRequired>
    </Page>
  );
}
