import { messages } from '../../domain/messages';
import { otherPropertyInConflict, validateAccountCode } from '../../domain/rules/properties';
import { touchesRow, useLatestEntry } from '../../local/hooks/use-latest-entry';
import { useRow } from '../../local/hooks/use-row';
import type { OutboxEntry, Touch } from '../../local/db/store-rows';
import { Field } from '../../ui/field/Field';
import { FormFooter } from './form-footer';
import { Conflict, ConflictGroup, PanelForm } from './preferences.styles';
import { useSettingForm } from './use-setting-form';

interface AccountCodeFormProps {
  label: string;
  /** The row holding the code and the field it is in. */
  row: Touch;
  field: string;
  save(code: string): Promise<OutboxEntry>;
  savedMessage: string;
}

/** One account code of the Account No tab: a required code, saved on its own. */
export function AccountCodeForm({ label, row, field, save, savedMessage }: AccountCodeFormProps) {
  const held = useRow(row.table, row.scope, row.key);
  const entry = useLatestEntry((e) => touchesRow(e, row), [row.table, row.scope, row.key]);
  const form = useSettingForm({
    held: held === undefined ? undefined : { code: held ? String(held[field] ?? '') : '' },
    labels: { code: label },
    validate: ({ code }) => validateAccountCode(code),
    save: ({ code }) => save(code.trim()),
    savedMessage,
    entry,
  });
  if (held && otherPropertyInConflict(held)) {
    return (
      <ConflictGroup role="group" aria-label={label}>
        <span>{label}</span>
        <Conflict role="alert">{messages.propertyConflict}</Conflict>
      </ConflictGroup>
    );
  }
  return (
    <PanelForm aria-label={label} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <Field label={label} value={form.values.code} onChange={(e) => form.setValue('code', e.target.value)} error={form.errors.code} autoComplete="off" />
      <FormFooter formErrors={form.formErrors} waiting={form.waiting} saveLabel={`Save ${label}`} />
    </PanelForm>
  );
}
