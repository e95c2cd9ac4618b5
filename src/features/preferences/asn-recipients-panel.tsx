import { PROPERTY_NAMES } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { validateAsnRecipients } from '../../domain/rules/properties';
import { useLatestEntry } from '../../local/hooks/use-latest-entry';
import { usePropertyByName } from '../../local/hooks/use-org-settings';
import { saveAsnRecipients } from '../../local/mutations/save-asn-recipients';
import { scopeId } from '../../local/db/store-keys';
import { Field } from '../../ui/field/Field';
import { FormFooter } from './form-footer';
import { Conflict, PanelForm } from './preferences.styles';
import { useSettingForm } from './use-setting-form';

const NAME = PROPERTY_NAMES.asnContactEmailList;
const LABEL = 'List of ASN Recipients';

/** Suppliers: who gets a copy of every ASN, the ASN_CONTACT_EMAIL_LIST property. */
export function AsnRecipientsPanel({ sellerId }: { sellerId: string }) {
  const held = usePropertyByName(sellerId, NAME);
  const scope = scopeId('org', sellerId);
  const entry = useLatestEntry(
    (e) => (e.kind === 'property.add' || e.kind === 'property.edit') && e.scope === scope && (e.body as { property?: unknown }).property === NAME,
    [scope],
  );
  const form = useSettingForm({
    held: held === undefined ? undefined : { value: held.row ? String(held.row.value ?? '') : '' },
    labels: { value: LABEL },
    validate: ({ value }) => validateAsnRecipients(value),
    save: ({ value }) => saveAsnRecipients(sellerId, value.trim()),
    savedMessage: messages.propertySaved,
    entry,
  });

  if (held?.conflict) return <Conflict role="alert">{messages.propertyConflict}</Conflict>;
  return (
    <PanelForm aria-label={LABEL} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <Field
        label={LABEL}
        value={form.values.value}
        onChange={(e) => form.setValue('value', e.target.value)}
        error={form.errors.value}
        description="Email addresses separated by commas"
        inputMode="email"
        autoComplete="off"
      />
      <FormFooter formErrors={form.formErrors} waiting={form.waiting} />
    </PanelForm>
  );
}
