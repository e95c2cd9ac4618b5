import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorToastText, formatMessage, messages } from '../../domain/messages';
import { COLLECTIONS, isTemporaryKey, scopeId, type CollectionName } from '../../local/db/store-keys';
import type { MirrorRow, OutboxEntry } from '../../local/db/store-rows';
import { Button, IconButton } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Field } from '../../ui/field/Field';
import { DeleteIcon, EditIcon } from '../../ui/icons/action-icons';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ButtonRow, FieldGrid, FormStack } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { MutedText } from '../../ui/page';
import { Item, ItemList, ItemText, RowActions, Section, SectionTitle } from './accounts.styles';
import { useRefusal } from './use-refusal';

interface ItemField {
  name: string;
  label: string;
  /** The field's name in the rules' errors ('Name is required'), when it differs from the label. */
  errorName?: string;
}

interface ItemSectionProps<R extends MirrorRow> {
  title: string;
  /** The account whose list this is, and which list: the server's refusals of its adds and edits come back at the fields. */
  orgId: string;
  collection: CollectionName;
  rows: R[] | undefined;
  fields: ItemField[];
  valuesOf(row: R): Record<string, string>;
  /** What a row shows: its main text and, below it, the rest. */
  render(row: R): { primary: ReactNode; secondary?: ReactNode };
  /** The name the delete confirmation uses. */
  nameOf(row: R): string;
  validate(values: Record<string, string>): string[];
  add(values: Record<string, string>): Promise<OutboxEntry>;
  edit(row: R, values: Record<string, string>): Promise<OutboxEntry>;
  remove(row: R): Promise<unknown>;
  /** Called when the last row comes into view: the next page. */
  onEndVisible?(): void;
}

/**
 * One section of the Properties tab: a form that adds, or edits the row picked with
 * its edit icon (Save, Cancel), and the rows with edit and delete icons; delete asks
 * first. Every change is a command: it shows at once; online the form waits for the
 * server's answer, offline the change waits on this device.
 */
export function ItemSection<R extends MirrorRow>(props: ItemSectionProps<R>) {
  const { title, orgId, collection, rows, fields, valuesOf, render, nameOf, validate, add, edit, remove, onEndVisible } = props;
  const { notify } = useSnackbar();
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [editing, setEditing] = useState<R | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const ready = validate(values).length === 0;
  const scope = scopeId('org', orgId);
  const kinds = [`${COLLECTIONS[collection].name}.add`, `${COLLECTIONS[collection].name}.edit`];
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.errorName ?? f.label]));
  // A refused change comes back into the form with the values the server refused, to correct and save again.
  const refusal = useRefusal((e) => e.scope === scope && kinds.includes(e.kind), [scope, collection], labels, (entry) => {
    const body = (entry.body ?? {}) as Record<string, unknown>;
    setValues(Object.fromEntries(fields.map((f) => [f.name, String(body[f.name] ?? '')])));
    setEditing(entry.kind === kinds[1] ? (rows?.find((row) => row.key === entry.touches[0]?.key) ?? null) : null);
  });

  const reset = () => {
    setValues(empty);
    setEditing(null);
  };

  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      notify({ variant: 'success', message: success });
      return true;
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || refusal.waiting) return;
    try {
      // Online the form waits for the server's answer; a refusal stays here with what was typed.
      await refusal.send(editing ? edit(editing, values) : add(values), () => {
        notify({ variant: 'success', message: editing ? messages.propertyModified : messages.propertyAdded });
        reset();
      });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  const end = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !onEndVisible || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && onEndVisible());
    observer.observe(target);
    return () => observer.disconnect();
  }, [onEndVisible, rows?.length]);

  return (
    <Section aria-label={title}>
      <SectionTitle>{title}</SectionTitle>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={`${title} form`}>
        <FieldGrid>
          {fields.map((f) => (
            <Field
              key={f.name}
              label={f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => {
                refusal.clear();
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
              }}
              error={refusal.fields[f.name]}
            />
          ))}
        </FieldGrid>
        {refusal.waiting && <MutedText role="status">Saving…</MutedText>}
        <FormErrors errors={refusal.form} label={`${title} not saved`} />
        <ButtonRow>
          <Button type="submit" disabled={!ready || refusal.waiting}>
            Save
          </Button>
          <Button variant="outlined" onClick={reset}>
            Cancel
          </Button>
        </ButtonRow>
      </FormStack>
      {rows && rows.length === 0 && <MutedText>{messages.noResults}</MutedText>}
      <ItemList aria-label={`${title} list`}>
        {rows?.map((row, i) => {
          const { primary, secondary } = render(row);
          const saving = isTemporaryKey(row.key);
          return (
            <Item key={row.key} ref={i === rows.length - 1 ? end : undefined}>
              <ItemText>
                <strong>{primary}</strong>
                {secondary}
              </ItemText>
              <RowActions>
                <IconButton
                  aria-label={`Edit ${nameOf(row)}`}
                  disabled={saving}
                  onClick={() => {
                    setEditing(row);
                    setValues(valuesOf(row));
                  }}
                >
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`Delete ${nameOf(row)}`} disabled={saving} onClick={() => setDeleting(row)}>
                  <DeleteIcon />
                </IconButton>
              </RowActions>
            </Item>
          );
        })}
      </ItemList>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete"
        message={formatMessage.propertyDeleteConfirm(deleting ? nameOf(deleting) : '')}
        confirmLabel="Delete"
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row) void run(() => remove(row), messages.recordDeleted).then(() => editing?.key === row.key && reset());
        }}
      />
    </Section>
  );
}
