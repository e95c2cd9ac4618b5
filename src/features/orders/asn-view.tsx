import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { messages } from '../../domain/messages';
import { receivingMessages } from '../../domain/receiving-messages';
import { can } from '../../domain/roles';
import { exportAsn, refreshExportedAsn } from '../../local/mutations/export-documents';
import type { OrderLineRow, ServerAsnRow } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { asnBodyOf } from './asn-draft-model';
import { AsnExportErrorsDrawer } from './asn-export-errors-drawer';
import { AsnReceiptSummary } from './asn-receipt-summary';
import { receiveHash } from './receive/receive-hash';
import { AsnForm } from './asn-form';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import type { OrderPerspective } from './use-order-perspective';
import { useExportAction } from './use-export-action';

interface AsnViewProps {
  asn: ServerAsnRow;
  perspective: OrderPerspective;
  orderLines: readonly OrderLineRow[];
  onClose: () => void;
}

/** A submitted ASN, read-only, with what the buyer received of it; suppliers may export one that waits for action and see its export errors. */
export function AsnView({ asn, perspective, orderLines, onClose }: AsnViewProps) {
  const [errorsOpen, setErrorsOpen] = useState(false);
  const navigate = useNavigate();
  const mayReceive = perspective.side === 'buyer' && can(perspective.viewer, 'receiveDeliveries');
  const supplier = perspective.side === 'seller' && can(perspective.viewer, 'exportAsn');
  const queueAsnExport = useCallback(() => exportAsn(perspective.orgId, asn.key), [perspective.orgId, asn.key]);
  const refreshAsn = useCallback(() => refreshExportedAsn(perspective.orgId, asn.key), [perspective.orgId, asn.key]);
  const exportAction = useExportAction(perspective.orgId, queueAsnExport, messages.asnExported, refreshAsn);
  const exportable = supplier && !asn.exported && asn.waitingForAction;
  const status = asn.exported ? 'Exported' : asn.waitingForAction ? 'Waiting for action' : 'Submitted';

  return (
    <>
      <AsnForm
        value={asnBodyOf(asn)}
        onChange={() => undefined}
        readOnly
        errors={[]}
        orderLines={orderLines}
        remaining={null}
        footer={
          <>
            <AsnReceiptSummary asn={asn} />
            <StatusText>
              Shipment {asn.shipmentId}: {status}
            </StatusText>
            <ButtonRow>
              {exportable && (
                <Button
                  onClick={exportAction.onExport}
                  disabled={exportAction.busy || exportAction.offline}
                  title={exportAction.offline ? 'Exporting needs a connection to the server' : undefined}
                >
                  {exportAction.busy ? 'Exporting…' : 'Export ASN'}
                </Button>
              )}
              {mayReceive && (
                <Button onClick={() => void navigate({ to: '/app/orders/receive', hash: receiveHash(asn.key) })}>{receivingMessages.receive}</Button>
              )}
              {supplier && (
                <Button variant="outlined" onClick={() => setErrorsOpen(true)}>
                  Export Errors
                </Button>
              )}
              <Button variant="text" onClick={onClose}>
                Back to ASN list
              </Button>
            </ButtonRow>
          </>
        }
      />
      {supplier && <AsnExportErrorsDrawer open={errorsOpen} onOpenChange={setErrorsOpen} scope={perspective.scope} asnId={asn.key} />}
    </>
  );
}
