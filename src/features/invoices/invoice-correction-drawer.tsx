import { useState, type FormEvent } from 'react';
import { matchingMessages as m } from '../../domain/matching-messages';
import { errorToastText } from '../../domain/messages';
import {
  CORRECTION_LABELS,
  correctionChanges,
  extractedValueOf,
  issueDay,
  lineFieldId,
  validateInvoiceCorrection,
} from '../../domain/rules/invoice-corrections';
import type { FieldCorrection, InvoiceCorrection, LineCorrectionField } from '../../domain/schemas/invoice-corrections';
import type { InvoiceDocument } from '../../domain/schemas/invoices';
import { useFormCommand } from '../../local/hooks/use-form-command';
import { correctInvoice } from '../../local/mutations/correct-invoice';
import { Button } from '../../ui/button/Button';
import { Drawer } from '../../ui/drawer/Drawer';
import { Field } from '../../ui/field/Field';
import { FormErrors } from '../../ui/form-errors';
import { ButtonRow, FieldGrid, FormStack } from '../../ui/form-parts';
import { MutedText } from '../../ui/page';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { LineFieldset, LineLegend } from './invoice-correction.styles';

interface InvoiceCorrectionDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scope: string;
  invoiceKey: string;
  document: InvoiceDocument;
  corrections: readonly FieldCorrection[] | undefined;
}

/** 'Correct Invoice': the misread fields of an invoice, corrected by a clerk and matched again by the server. */
export function InvoiceCorrectionDrawer({ open, onOpenChange, ...form }: InvoiceCorrectionDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Correct Invoice">
      {/* Mounted while open only: each opening starts from what the invoice holds now. */}
      {open && <CorrectionForm {...form} onDone={() => onOpenChange(false)} />}
    </Drawer>
  );
}

const LINE_FIELDS: LineCorrectionField[] = ['code', 'qtyShipped', 'uom', 'unitPrice'];
type LineValues = Record<LineCorrectionField, string>;
interface FormValues {
  referenceId: string;
  documentId: string;
  dateCreated: string;
  lines: Record<number, LineValues>;
}

const valuesOf = (doc: InvoiceDocument): FormValues => ({
  referenceId: doc.referenceId ?? '',
  documentId: doc.documentId ?? '',
  dateCreated: issueDay(doc.dateCreated),
  lines: Object.fromEntries(
    doc.lineItems.map((l) => [l.id, { code: l.code ?? '', qtyShipped: String(l.qtyShipped), uom: l.uom ?? '', unitPrice: String(l.unitPrice) }]),
  ),
});

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** Every field as typed; the rules and the change list then decide what is sent. */
function correctionOf(values: FormValues): InvoiceCorrection {
  return {
    header: { referenceId: values.referenceId.trim(), documentId: values.documentId.trim(), dateCreated: values.dateCreated },
    lines: Object.entries(values.lines).map(([id, l]) => ({
      id: Number(id),
      code: l.code.trim(),
      qtyShipped: toNumber(l.qtyShipped),
      uom: l.uom.trim(),
      unitPrice: toNumber(l.unitPrice),
    })),
  };
}

/** Only the changed fields: a correction never rewrites a field the clerk left alone. */
function changedOnly(doc: InvoiceDocument, all: InvoiceCorrection): InvoiceCorrection {
  const changes = correctionChanges(doc, all);
  const header: InvoiceCorrection['header'] = {};
  const lines = new Map<number, InvoiceCorrection['lines'][number]>();
  for (const c of changes) {
    if (c.lineId === undefined) {
      Object.assign(header, { [c.field]: c.to });
      continue;
    }
    const line = lines.get(c.lineId) ?? { id: c.lineId };
    lines.set(c.lineId, { ...line, [c.field]: c.to });
  }
  return { header, lines: [...lines.values()] };
}

function CorrectionForm({ scope, invoiceKey, document: doc, corrections, onDone }: Omit<InvoiceCorrectionDrawerProps, 'open' | 'onOpenChange'> & { onDone(): void }) {
  const { notify } = useSnackbar();
  const [values, setValues] = useState(() => valuesOf(doc));
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const command = useFormCommand({
    onSent: () => {
      notify({ variant: 'success', message: m.invoiceCorrected });
      onDone();
    },
    onRefused: setRefused,
  });

  // Only what the clerk changed is checked and sent: a field left as extracted is not theirs to fix.
  const changed = changedOnly(doc, correctionOf(values));
  const issues = validateInvoiceCorrection(doc, changed);
  const shownIssues = touched ? issues : [];
  const errorOf = (field: string) => shownIssues.find((i) => i.field === field)?.message;
  const hasChanges = Object.keys(changed.header).length > 0 || changed.lines.length > 0;
  const edit = (update: (v: FormValues) => FormValues) => {
    setTouched(true);
    setRefused([]);
    setValues(update);
  };
  const extracted = (field: FieldCorrection['field'], lineId?: number) => {
    const value = extractedValueOf(corrections, field, lineId);
    return value === null ? undefined : m.extractedValue(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (issues.length > 0 || !hasChanges || command.waiting) return;
    setRefused([]);
    try {
      const change = correctInvoice(scope, invoiceKey, changed);
      // Made offline, it is kept on this device and sent later; online, the server's answer decides.
      if ((await command.send(change)) === 'queued') {
        notify({ variant: 'success', message: m.correctionQueued });
        onDone();
      }
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  const headerField = (field: 'referenceId' | 'documentId' | 'dateCreated', type = 'text') => (
    <Field
      label={CORRECTION_LABELS[field]}
      type={type}
      value={values[field]}
      onChange={(e) => {
        const value = e.target.value;
        edit((v) => ({ ...v, [field]: value }));
      }}
      error={errorOf(field)}
      description={extracted(field)}
      autoComplete="off"
      disabled={command.waiting}
    />
  );

  return (
    <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Correct Invoice">
      <MutedText>Correct what was read wrongly from the document. The invoice is matched again once the server has the correction.</MutedText>
      <FieldGrid>
        {headerField('referenceId')}
        {headerField('documentId')}
        {headerField('dateCreated', 'date')}
      </FieldGrid>
      {[...doc.lineItems]
        .sort((a, b) => a.sequence - b.sequence || a.id - b.id)
        .map((line) => (
          <LineFieldset key={line.id}>
            <LineLegend>
              Line {line.sequence}
              {line.description ? ` - ${line.description}` : ''}
            </LineLegend>
            <FieldGrid>
              {LINE_FIELDS.map((field) => {
                const id = lineFieldId(line.id, field);
                const numeric = field === 'qtyShipped' || field === 'unitPrice';
                const raw = values.lines[line.id]![field];
                return (
                  <Field
                    key={field}
                    label={CORRECTION_LABELS[field]}
                    inputMode={numeric ? 'decimal' : undefined}
                    value={raw}
                    onChange={(e) => {
                      const value = e.target.value;
                      edit((v) => ({ ...v, lines: { ...v.lines, [line.id]: { ...v.lines[line.id]!, [field]: value } } }));
                    }}
                    error={errorOf(id)}
                    description={extracted(field, line.id)}
                    autoComplete="off"
                    disabled={command.waiting}
                  />
                );
              })}
            </FieldGrid>
          </LineFieldset>
        ))}
      {command.waiting && <MutedText role="status">Saving…</MutedText>}
      {touched && !hasChanges && issues.length === 0 && <MutedText role="status">{m.nothingCorrected}</MutedText>}
      <FormErrors errors={refused} label="Not corrected" />
      <ButtonRow>
        <Button type="submit" disabled={command.waiting || !hasChanges}>
          Save Corrections
        </Button>
        <Button variant="outlined" onClick={onDone} disabled={command.waiting}>
          Cancel
        </Button>
      </ButtonRow>
    </FormStack>
  );
}
