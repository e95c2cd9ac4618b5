import { useHistory } from '../../local/hooks/use-history';
import { Drawer } from '../../ui/drawer/Drawer';
import { HistoryTable } from '../../ui/history-table/HistoryTable';

interface AsnExportErrorsDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: string;
  asnId: string;
}

/** The export failures of one ASN (history entries of type EXPORT_FAILED), in a bottom drawer. */
export function AsnExportErrorsDrawer({ open, onOpenChange, scope, asnId }: AsnExportErrorsDrawerProps) {
  const { entries, failed } = useHistory(scope, 'asn', asnId, 'EXPORT_FAILED', open);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="ASN Export Errors" side="bottom">
      <HistoryTable label="ASN export errors" entries={entries} failed={failed} />
    </Drawer>
  );
}
