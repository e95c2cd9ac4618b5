import { useEffect, useState } from 'react';
import { formatClockTime } from '../../domain/dates';
import { STORAGE_FULL_TEXT, useFailedChanges, useOnline, usePendingCount, useSyncStatus } from '../../local/hooks/use-sync-state';
import { useSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ChangesNotSentPanel } from './ChangesNotSentPanel';
import { StorageUse } from './storage-use';
import { Badge, LastSync, MirrorProgress, RowsSaved, StatusRow } from './sync-status.styles';

/**
 * The top bar's sync piece: online or offline, changes waiting, the last successful
 * sync, a progress bar while a first large mirror runs, and the way into "Changes
 * not sent". Announced politely to screen readers (role=status).
 */
export function SyncStatus() {
  const online = useOnline();
  // A session loaded from this browser (server unreachable) has its own Offline badge in
  // the top bar; a second one here, or an Online next to it, would only confuse.
  const { state } = useSession();
  const sessionOffline = state.status === 'active' && state.offline;
  const waiting = usePendingCount();
  const failed = useFailedChanges();
  const status = useSyncStatus();
  const [panelOpen, setPanelOpen] = useState(false);
  const { notify } = useSnackbar();
  // A problem is said in full once, when it appears; the top bar keeps a short badge
  // (the full text as its tooltip), since a sentence does not fit there.
  useEffect(() => {
    if (status.problem) notify({ variant: 'error', message: status.problem });
  }, [status.problem, notify]);
  const mirroring = status.mirror && !status.mirror.done;
  const progress = <MirrorProgress aria-label="Saving data for offline use" title={`${status.mirror?.applied ?? 0} rows saved`} />;

  return (
    <StatusRow role="status" aria-label="Sync status">
      {!sessionOffline && (
        <Badge $tone={online ? 'ok' : 'warn'}>
          {online ? 'Online' : 'Offline'}
          {mirroring && progress}
        </Badge>
      )}
      {waiting > 0 && <span>{waiting === 1 ? '1 change waiting' : `${waiting} changes waiting`}</span>}
      {status.lastSyncAt !== null && <LastSync>Synced {formatClockTime(status.lastSyncAt)}</LastSync>}
      <StorageUse changedWhen={`${status.lastSyncAt}|${waiting}|${status.mirror?.applied}`} />
      {mirroring && (
        <>
          {sessionOffline && progress}
          <RowsSaved>{status.mirror!.applied} rows saved</RowsSaved>
        </>
      )}
      {status.needsSignIn && <Badge $tone="error">Sign in again to send your changes</Badge>}
      {status.problem && (
        <Badge $tone="error" title={status.problem}>
          {status.problem === STORAGE_FULL_TEXT ? 'Storage full' : 'Sync problem'}
        </Badge>
      )}
      {failed.length > 0 && (
        <Button variant="text" onClick={() => setPanelOpen(true)}>
          Changes not sent ({failed.length})
        </Button>
      )}
      <ChangesNotSentPanel open={panelOpen} onOpenChange={setPanelOpen} changes={failed} />
    </StatusRow>
  );
}
