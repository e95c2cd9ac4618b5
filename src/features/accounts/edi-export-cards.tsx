import { useState, type FormEvent } from 'react';
import { ApiError, serverErrors } from '../../local/online/server-answers';
import { EDI_TYPES } from '../../domain/constants';
import { errorToastText, formatMessage, messages } from '../../domain/messages';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { ediFieldsFor, ediPasswordField, validateEdiOrderFormat } from '../../domain/rules/properties';
import type { EdiDocType } from '../../domain/schemas/properties';
import { useOrgRows } from '../../local/hooks/use-org-settings';
import { useOnline } from '../../local/hooks/use-sync-state';
import { addEdiExport, deleteEdiExport, editEdiExport } from '../../local/mutations/org-collections';
import { saveEdiExportWithPassword } from '../../local/mutations/save-edi-password';
import { isTemporaryKey, scopeId } from '../../local/db/store-keys';
import type { MirrorRow } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ButtonRow } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { MutedText } from '../../ui/page';
import { Card, Cards, CardTitle, Conflict, Section, SectionTitle } from './accounts.styles';
import { CxmlInboundCard, CxmlInboundLog } from './cxml-inbound-card';
import { useRefusal } from './use-refusal';

const CARDS: Array<{ docType: EdiDocType; title: string }> = [
  { docType: 'inv', title: 'Invoice' },
  { docType: 'po', title: 'Purchase Order' },
  { docType: 'asn', title: 'ASN' },
];

const LABELS = { ftpServer: 'Server', ftpDir: 'Directory', user: 'User', endpoint: 'Endpoint' } as const;
type TextField = keyof typeof LABELS;
/** Every field's name as the rules' errors start with it: the server's refusals are shown at these. */
const ERROR_LABELS = { ...LABELS, type: 'Type', orderFormat: 'Order Format', password: 'Password' };
const TYPE_OPTIONS = EDI_TYPES.map((t) => ({ value: t, label: t }));

/**
 * EDI Export: one card per document type (Invoice, Purchase Order, ASN), the cXML inbound
 * credential, and the last cXML requests that named the account.
 * `passwordSendable`: online with nothing of this account still queued, the only time a
 * new password may be sent (see save-edi-password.ts).
 */
export function EdiExportCards({ orgId, passwordSendable }: { orgId: string; passwordSendable: boolean }) {
  const rows = useOrgRows('ediExports', orgId);
  const online = useOnline();
  return (
    <Section aria-label="EDI Export">
      <SectionTitle>EDI Export</SectionTitle>
      <Cards>
        {CARDS.map(({ docType, title }) => {
          const held = rows?.filter((r) => r.docType === docType) ?? [];
          return held.length > 1 ? (
            <Card key={docType} aria-label={title} as="div">
              <CardTitle>{title}</CardTitle>
              <Conflict>{messages.propertyConflict}</Conflict>
            </Card>
          ) : (
            <EdiCard
              key={docType}
              orgId={orgId}
              docType={docType}
              title={title}
              row={held[0] ?? null}
              passwordSendable={passwordSendable}
            />
          );
        })}
        <CxmlInboundCard orgId={orgId} online={online} />
      </Cards>
      <CxmlInboundLog orgId={orgId} online={online} />
    </Section>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function initial(row: Record<string, unknown> | null) {
  return {
    type: str(row?.type) || 'LOCAL',
    orderFormat: row ? str(row.orderFormat) : '0',
    ftpServer: str(row?.ftpServer),
    ftpDir: str(row?.ftpDir),
    user: str(row?.user),
    endpoint: str(row?.endpoint),
  };
}

interface EdiCardProps {
  orgId: string;
  docType: EdiDocType;
  title: string;
  row: MirrorRow | null;
  passwordSendable: boolean;
}

/**
 * One document type's export setting. The password is write-only: the card says
 * whether one is set; a typed one replaces it, a blank field keeps it, and
 * "Clear password" removes it on the next save.
 */
function EdiCard({ orgId, docType, title, row, passwordSendable }: EdiCardProps) {
  const { notify } = useSnackbar();
  // The card follows the held setting (its optimistic row, then the server's) until edited.
  const [edited, setEdited] = useState<ReturnType<typeof initial> | null>(null);
  const values = edited ?? initial(row);
  const setValues = (update: (v: ReturnType<typeof initial>) => ReturnType<typeof initial>) => {
    refusal.clear();
    setEdited(update(values));
  };
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  /** The server's errors of a password-carrying save, which is not queued (see save-edi-password.ts). */
  const [sentErrors, setSentErrors] = useState<string[]>([]);
  const scope = scopeId('org', orgId);
  const refusal = useRefusal(
    (e) => e.scope === scope && (e.kind === 'ediExport.add' || e.kind === 'ediExport.edit') && (e.body as { docType?: unknown } | undefined)?.docType === docType,
    [scope, docType],
    ERROR_LABELS,
    (entry) => setEdited(initial((entry.body ?? {}) as Record<string, unknown>)),
  );
  const sent = errorsByField(sentErrors, ERROR_LABELS);
  const fieldError = (field: keyof typeof ERROR_LABELS) => sent.fields[field] ?? refusal.fields[field];
  const formErrors = [...sent.form, ...refusal.form];
  const fields = ediFieldsFor(values.type);
  const formatErrors = validateEdiOrderFormat(values.orderFormat);
  const passwordSet = row?.passwordSet === true;
  const saving = (row !== null && isTemporaryKey(row.key)) || refusal.waiting;

  const reset = () => {
    setEdited(null);
    setPassword('');
    setClearPassword(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (formatErrors.length || saving) return;
    const setting: Record<string, unknown> = { docType, type: values.type, orderFormat: values.orderFormat.trim() };
    for (const field of Object.keys(LABELS) as TextField[]) setting[field] = fields.includes(field) ? values[field].trim() || null : null;
    if (fields.includes('password')) Object.assign(setting, ediPasswordField(password, clearPassword));
    const secret = typeof setting.password === 'string';
    // Typed before the connection went: still never queued.
    if (secret && !passwordSendable) return notify({ variant: 'error', message: messages.ediPasswordOnlineOnly });
    setSentErrors([]);
    const saved = () => {
      notify({ variant: 'success', message: row ? messages.propertyModified : messages.propertyAdded });
      setEdited(null);
      setPassword('');
      setClearPassword(false);
    };
    try {
      if (secret) {
        await saveEdiExportWithPassword(orgId, row?.key ?? null, setting);
        saved();
      } else {
        // Online the card waits for the server's answer; a refusal stays here with what was typed.
        await refusal.send(row ? editEdiExport(orgId, row.key, setting) : addEdiExport(orgId, setting), saved);
      }
    } catch (error) {
      if (error instanceof ApiError) setSentErrors(serverErrors(error.body, error));
      notify({ variant: 'error', message: errorToastText(error instanceof ApiError ? error.body : null, error as Error) });
    }
  };

  const remove = async () => {
    if (!row) return;
    try {
      await deleteEdiExport(orgId, row.key);
      notify({ variant: 'success', message: messages.recordDeleted });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  return (
    <Card onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
      <CardTitle>{title}</CardTitle>
      <SelectField
        label="Type"
        value={values.type}
        onChange={(e) => setValues((v) => ({ ...v, type: e.target.value }))}
        options={TYPE_OPTIONS}
        error={fieldError('type')}
      />
      <Field
        label="Order Format"
        inputMode="numeric"
        value={values.orderFormat}
        onChange={(e) => setValues((v) => ({ ...v, orderFormat: e.target.value }))}
        error={formatErrors[0] ?? fieldError('orderFormat')}
      />
      {(Object.keys(LABELS) as TextField[])
        .filter((f) => fields.includes(f))
        .map((f) => (
          <Field
            key={f}
            label={LABELS[f]}
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            error={fieldError(f)}
          />
        ))}
      {fields.includes('password') && (
        <>
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            disabled={clearPassword || !passwordSendable}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError('password')}
            description={
              clearPassword
                ? 'The password will be removed when you save.'
                : `${passwordSet ? 'A password is set. Leave blank to keep it, or type a new one to replace it.' : 'No password is set.'}${
                    passwordSendable ? '' : ` ${messages.ediPasswordOnlineOnly}`
                  }`
            }
          />
          {passwordSet && !clearPassword && (
            <Button variant="text" onClick={() => { setClearPassword(true); setPassword(''); }}>
              Clear password
            </Button>
          )}
        </>
      )}
      <FormErrors errors={formErrors} label={`${title} not saved`} />
      {saving && <MutedText>Saving…</MutedText>}
      <ButtonRow>
        <Button type="submit" disabled={formatErrors.length > 0 || saving}>
          Save
        </Button>
        <Button variant="outlined" onClick={reset}>
          Cancel
        </Button>
        <Button variant="outlined" disabled={!row || saving} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </ButtonRow>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete"
        message={formatMessage.propertyDeleteConfirm(title)}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
