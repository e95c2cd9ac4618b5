import { useCallback, useEffect, useState } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { messages, type FieldIssue } from '../../domain/messages';
import { scanMessages } from '../../domain/scan-messages';
import { validateAsnSubmit } from '../../domain/rules/asn';
import { deleteAsnDraft, saveAsnDraft, submitAsn } from '../../local/mutations/asn-drafts';
import type { AsnDraftRow, OrderLineRow } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { asnBodyOf, type AsnBody } from './asn-draft-model';
import { stashDraftEdit, stashedDraftEdit, unstashDraftEdit } from './asn-draft-stash';
import { draftStatus } from './asn-draft-status';
import { refusalIssues } from './asn-field-errors';
import { AsnForm } from './asn-form';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import { LinesActions } from './asn-form.styles';
import { useDraftAutosave } from './use-draft-autosave';
import { usePackScan } from './use-pack-scan';

interface AsnDraftEditorProps {
  draft: AsnDraftRow;
  sellerId: string;
  buyerId: string;
  orderLines: readonly OrderLineRow[];
  remaining: ReadonlyMap<number, number>;
  /** The outbox entry of the submit, so the drawer can tell when the server took it. */
  onSubmitted: (entryId: string) => void;
  onClose: () => void;
}

/**
 * A draft being written. Every edit is stored in this browser as it is typed; Submit
 * checks the spec's rules first (errors at their fields), then asks for confirmation,
 * then queues the submit, after which the draft is read-only until the server answers.
 */
export function AsnDraftEditor({ draft, sellerId, buyerId, orderLines, remaining, onSubmitted, onClose }: AsnDraftEditorProps) {
  const { notify } = useSnackbar();
  // An edit the store may have missed (the page was reloaded while it was written) comes first.
  const [stashed] = useState(() => stashedDraftEdit(draft));
  const [value, setValue] = useState<AsnBody>(() => stashed ?? asnBodyOf(draft.asn));
  // Null until Submit was pressed; from then on the rules are checked again on every edit.
  const [checked, setChecked] = useState<FieldIssue[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const locked = draft.state === 'submitting';

  const save = useCallback(
    (next: AsnBody) =>
      saveAsnDraft(sellerId, draft.orderId, draft.key, next)
        .then(() => unstashDraftEdit({ scope: draft.scope, key: draft.key }, next))
        .catch((error: unknown) => notify({ variant: 'error', message: errorToastTextOf(error) })),
    [sellerId, draft.orderId, draft.scope, draft.key, notify],
  );
  const { schedule, flush } = useDraftAutosave(save);
  useEffect(() => {
    if (stashed) schedule(stashed);
  }, [stashed, schedule]);

  const onChange = (next: AsnBody) => {
    setValue(next);
    stashDraftEdit(draft, next);
    schedule(next);
    if (checked) setChecked(validateAsnSubmit(next, remaining));
  };

  const onSubmit = () => {
    const errors = validateAsnSubmit(value, remaining);
    setChecked(errors);
    if (errors.length === 0) setConfirming(true);
    return errors.length === 0;
  };

  const confirmSubmit = async () => {
    try {
      schedule(value);
      await flush();
      const entry = await submitAsn(sellerId, buyerId, draft.key);
      // The form's own check passed; from now on the server's answer decides, and a
      // refusal's errors (stored on the draft) must show in this same form.
      setChecked(null);
      onSubmitted(entry.id);
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  const confirmDiscard = async () => {
    try {
      await deleteAsnDraft(sellerId, draft.key);
      unstashDraftEdit(draft);
      onClose();
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  const scan = usePackScan(draft, sellerId, value, onChange);
  const startScan = () => scan.start().catch((error: unknown) => notify({ variant: 'error', message: errorToastTextOf(error) }));

  // The server's errors of a refused submit (by field) stay until the user submits again.
  const errors = checked ?? refusalIssues(draft);

  return (
    <>
      <AsnForm
        value={value}
        onChange={onChange}
        readOnly={locked}
        errors={errors}
        orderLines={orderLines}
        remaining={remaining}
        onBlur={() => void flush()}
        onSubmit={onSubmit}
        linesActions={
          <LinesActions>
            {value.packages.length > 0 && (
              <Button variant="outlined" onClick={() => void scan.printLabels().catch((error: unknown) => notify({ variant: 'error', message: errorToastTextOf(error) }))}>
                {scanMessages.printLabels}
              </Button>
            )}
            {!locked && (
              <Button variant="outlined" onClick={() => void startScan()} disabled={scan.loading} aria-busy={scan.loading || undefined}>
                {scan.resumable ? scanMessages.resumeScan : scanMessages.scan}
              </Button>
            )}
          </LinesActions>
        }
        footer={
          <>
            <StatusText role="status">Status: {draftStatus(draft)}</StatusText>
            <ButtonRow>
              {!locked && <Button type="submit">Submit</Button>}
              {!locked && (
                <Button variant="outlined" onClick={() => setDiscarding(true)}>
                  Discard draft
                </Button>
              )}
              <Button variant="text" onClick={onClose}>
                Back to ASN list
              </Button>
            </ButtonRow>
          </>
        }
      />
      {scan.Dialog && (
        <scan.Dialog
          sellerId={sellerId}
          lines={value.lines}
          packages={value.packages}
          openPackage={scan.openPackage}
          ssccNote={scan.ssccNote}
          onNewPackage={scan.newPackage}
          orderLines={orderLines}
          remaining={remaining}
          onCount={scan.count}
          onDone={scan.done}
          onCancel={scan.cancel}
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Submit ASN"
        message={messages.asnSubmitConfirm}
        confirmLabel="Submit"
        onConfirm={() => void confirmSubmit()}
      />
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard draft"
        message="This ASN draft is going to be permanently deleted from this device."
        confirmLabel="Discard"
        onConfirm={() => void confirmDiscard()}
      />
    </>
  );
}
