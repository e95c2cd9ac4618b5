import { useState, type FormEvent } from 'react';
import { EDI_TYPES } from '../../domain/constants';
import { errorToastText, formatMessage, messages } from '../../domain/messages';
import { ediFieldsFor, ediPasswordField, validateEdiOrderFormat } from '../../domain/rules/properties';
import type { EdiDocType } from '../../domain/schemas/properties';
import { useOrgRows } from '../../local/hooks/use-org-settings';
import { addEdiExport, deleteEdiExport, editEdiExport } from '../../local/mutations/org-collections';
import { isTemporaryKey } from '../../sync/commands/collection-item';
import type { MirrorRow } from '../../sync/rows';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Actions, Card, Cards, CardTitle, Conflict, Muted, Section, SectionTitle } from './accounts.styles';

const CARDS: Array<{ docType: EdiDocType; title: string }> = [
  { docType: 'inv', title: 'Invoice' },
  { docType: 'po', title: 'Purchase Order' },
  { docType: 'asn', title: 'ASN' },
];

const LABELS = { ftpServer: 'Server', ftpDir: 'Directory', user: 'User', endpoint: 'Endpoint' } as const;
type TextField = keyof typeof LABELS;
const TYPE_OPTIONS = EDI_TYPES.map((t) => ({ value: t, label: t }));

/** EDI Export: one card per document type (Invoice, Purchase Order, ASN). */
export function EdiExportCards({ orgId }: { orgId: string }) {
  const rows = useOrgRows('ediExports', orgId);
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
            <EdiCard key={`${docType}|${held[0]?.key ?? 'new'}`} orgId={orgId} docType={docType} title={title} row={held[0] ?? null} />
          );
        })}
      </Cards>
    </Section>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function initial(row: MirrorRow | null) {
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
}

/**
 * One document type's export setting. The password is write-only: the card says
 * whether one is set; a typed one replaces it, a blank field keeps it, and
 * "Clear password" removes it on the next save.
 */
function EdiCard({ orgId, docType, title, row }: EdiCardProps) {
  const { notify } = useSnackbar();
  const [values, setValues] = useState(() => initial(row));
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const fields = ediFieldsFor(values.type);
  const formatErrors = validateEdiOrderFormat(values.orderFormat);
  const passwordSet = row?.passwordSet === true;
  const saving = row !== null && isTemporaryKey(row.key);

  const reset = () => {
    setValues(initial(row));
    setPassword('');
    setClearPassword(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (formatErrors.length) return;
    const setting: Record<string, unknown> = { docType, type: values.type, orderFormat: values.orderFormat.trim() };
    for (const field of Object.keys(LABELS) as TextField[]) setting[field] = fields.includes(field) ? values[field].trim() || null : null;
    if (fields.includes('password')) Object.assign(setting, ediPasswordField(password, clearPassword));
    try {
      if (row) await editEdiExport(orgId, row.key, setting);
      else await addEdiExport(orgId, setting);
      notify({ variant: 'success', message: row ? messages.propertyModified : messages.propertyAdded });
      setPassword('');
      setClearPassword(false);
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
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
      <SelectField label="Type" value={values.type} onChange={(e) => setValues((v) => ({ ...v, type: e.target.value }))} options={TYPE_OPTIONS} />
      <Field
        label="Order Format"
        inputMode="numeric"
        value={values.orderFormat}
        onChange={(e) => setValues((v) => ({ ...v, orderFormat: e.target.value }))}
        error={formatErrors[0]}
      />
      {(Object.keys(LABELS) as TextField[])
        .filter((f) => fields.includes(f))
        .map((f) => (
          <Field key={f} label={LABELS[f]} value={values[f]} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} />
        ))}
      {fields.includes('password') && (
        <>
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            disabled={clearPassword}
            onChange={(e) => setPassword(e.target.value)}
            description={
              clearPassword
                ? 'The password will be removed when you save.'
                : passwordSet
                  ? 'A password is set. Leave blank to keep it, or type a new one to replace it.'
                  : 'No password is set.'
            }
          />
          {passwordSet && !clearPassword && (
            <Button variant="text" onClick={() => { setClearPassword(true); setPassword(''); }}>
              Clear password
            </Button>
          )}
        </>
      )}
      {saving && <Muted>Saving…</Muted>}
      <Actions>
        <Button type="submit" disabled={formatErrors.length > 0 || saving}>
          Save
        </Button>
        <Button variant="outlined" onClick={reset}>
          Cancel
        </Button>
        <Button variant="outlined" disabled={!row || saving} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Actions>
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
