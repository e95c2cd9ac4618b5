import { useState, type FormEvent } from 'react';
import { ApiError } from '../../local/online/server-answers';
import { errorToastText, fieldErrors, messages } from '../../domain/messages';
import { parseTemplateJson } from '../../domain/rules/extraction-template';
import type { ExtractionTemplateView } from '../../domain/schemas/extraction-templates';
import { formatDateTime } from '../../domain/dates';
import { useExtractionTemplates } from '../../local/hooks/use-extraction-templates';
import { useOnline } from '../../local/hooks/use-sync-state';
import { Button, IconButton } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Field } from '../../ui/field/Field';
import { TextAreaField } from '../../ui/field/TextAreaField';
import { FormErrors } from '../../ui/form-errors';
import { ButtonRow, FormStack } from '../../ui/form-parts';
import { DeleteIcon, EditIcon } from '../../ui/icons/action-icons';
import { MutedText } from '../../ui/page';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Item, ItemList, ItemText, RowActions, Section, SectionTitle } from './accounts.styles';

/** What a new template starts from: every key a template has, for support to fill in. */
const SKELETON = JSON.stringify(
  {
    keywords: ['^Supplier name as printed$'],
    fields: { documentId: 'Invoice No\\s+(\\S+)', dateCreated: 'Invoice Date\\s+(\\S+)', referenceId: 'PO Number\\s+(\\S+)', totalValue: 'Total\\s+([\\d,]+\\.\\d{2})' },
    lines: { start: '^Description', end: '^Subtotal', line: '^(?P<description>.+?)  (?P<qtyShipped>[\\d.]+)  (?P<unitPrice>[\\d,.]+)  (?P<grossLineTotal>[\\d,.]+)$', skip: [] },
    options: { currency: 'AUD', dateFormats: ['DD/MM/YYYY'], decimalSeparator: '.' },
  },
  null,
  2,
);

interface Editing {
  /** The saved template being edited; null for a new one or a shipped one being replaced. */
  id: number | null;
  name: string;
  template: string;
}

const blank = (): Editing => ({ id: null, name: '', template: SKELETON });

/**
 * Templates of a supplier account: how the intake reads the text of the supplier's
 * plain PDF invoices (keywords that recognise the layout, a pattern per field, the line
 * table). Shipped templates come with the product; saving one under its name replaces
 * it for this supplier. The same rules the server applies are checked before sending,
 * and the server's own refusal is listed under the form. Online only: nothing is queued.
 */
export default function ExtractionTemplatesTab({ supplierId }: { supplierId: string }) {
  const { templates, failed, reload, save, remove } = useExtractionTemplates(supplierId);
  const online = useOnline();
  const { notify } = useSnackbar();
  const [editing, setEditing] = useState<Editing>(blank);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<ExtractionTemplateView | null>(null);
  const nameError = editing.name.trim() ? undefined : fieldErrors.required('Name');
  const startEditing = (next: Editing) => {
    setEditing(next);
    setErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = parseTemplateJson(editing.template).errors;
    setErrors(found);
    if (found.length || nameError || !online) return;
    setSaving(true);
    try {
      await save(editing.id, { name: editing.name.trim(), template: editing.template });
      notify({ variant: 'success', message: messages.templateSaved });
      setEditing(blank());
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) setErrors([errorToastText(error.body, error)]);
      else notify({ variant: 'error', message: errorToastText(null, error as Error) });
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (deleting?.id == null) return;
    try {
      await remove(deleting.id);
      notify({ variant: 'success', message: messages.templateDeleted });
      if (editing.id === deleting.id) setEditing(blank());
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(error instanceof ApiError ? error.body : null, error as Error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Section aria-label="Extraction templates">
      <SectionTitle>Extraction templates</SectionTitle>
      <MutedText>
        Read this supplier&apos;s plain PDF invoices: every keyword must be found in the PDF&apos;s text; each field and the line pattern take RE2
        regular expressions (no back-references or look-arounds).
      </MutedText>
      {!online && <MutedText role="status">{messages.templatesNeedConnection}</MutedText>}
      {failed && (
        <ButtonRow role="alert">
          <MutedText>{messages.somethingWentWrong}</MutedText>
          <Button variant="outlined" onClick={() => void reload()} disabled={!online}>
            Retry
          </Button>
        </ButtonRow>
      )}
      {templates === undefined && !failed && <MutedText role="status">Loading templates…</MutedText>}
      {templates?.length === 0 && <MutedText>{messages.noResults}</MutedText>}
      <ItemList aria-label="Extraction templates list">
        {templates?.map((t) => (
          <Item key={`${t.id ?? 'shipped'}-${t.name}`}>
            <ItemText>
              <strong>{t.name}</strong>
              <span>{t.shipped ? 'Shipped with the product' : `Saved ${formatDateTime(t.updatedAt)}`}</span>
            </ItemText>
            <RowActions>
              <IconButton aria-label={`Edit ${t.name}`} onClick={() => startEditing({ id: t.id, name: t.name, template: t.template })}>
                <EditIcon />
              </IconButton>
              {t.id !== null && (
                <IconButton aria-label={`Delete ${t.name}`} disabled={!online} onClick={() => setDeleting(t)}>
                  <DeleteIcon />
                </IconButton>
              )}
            </RowActions>
          </Item>
        ))}
      </ItemList>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Extraction template form">
        <Field label="Name" value={editing.name} maxLength={80} onChange={(e) => setEditing((v) => ({ ...v, name: e.target.value }))} />
        <TextAreaField
          label="Template (JSON)"
          rows={18}
          value={editing.template}
          onChange={(e) => setEditing((v) => ({ ...v, template: e.target.value }))}
          description="keywords, excludeKeywords, fields (documentId, dateCreated, totalValue required), lines (start, end, line, skip), options"
        />
        <FormErrors errors={errors} label="Extraction template not saved" />
        <ButtonRow>
          <Button type="submit" disabled={!online || saving || !!nameError}>
            Save
          </Button>
          <Button variant="outlined" onClick={() => startEditing(blank())}>
            Cancel
          </Button>
        </ButtonRow>
      </FormStack>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template"
        message={messages.templateDeleteConfirm}
        onConfirm={() => void confirmDelete()}
      />
    </Section>
  );
}
