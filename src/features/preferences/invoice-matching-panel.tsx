import { matchingMessages } from '../../domain/matching-messages';
import { validateMatchingSettings } from '../../domain/rules/invoice-tolerances';
import { DEFAULT_MATCHING_SETTINGS, MATCHING_MODES, type MatchingSettings } from '../../domain/schemas/invoice-matching';
import { touchesRow, useLatestEntry } from '../../local/hooks/use-latest-entry';
import { useOrgSetting } from '../../local/hooks/use-org-settings';
import { saveInvoiceMatching } from '../../local/mutations/buyer-settings';
import { scopeId } from '../../local/db/store-keys';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { MutedText } from '../../ui/page';
import { FormFooter } from './form-footer';
import { PanelForm } from './preferences.styles';
import { useSettingForm } from './use-setting-form';

type NumberField = Exclude<keyof MatchingSettings, 'mode'>;

const LABELS: Record<keyof MatchingSettings, string> = {
  mode: 'Matching',
  pricePercent: 'Price tolerance (%)',
  priceAmount: 'Price tolerance (amount)',
  quantityUnits: 'Quantity tolerance (units)',
  quantityPercent: 'Quantity tolerance (%)',
  totalPercent: 'Total tolerance (%)',
};
const NUMBER_FIELDS: NumberField[] = ['pricePercent', 'priceAmount', 'quantityUnits', 'quantityPercent', 'totalPercent'];
const MODE_OPTIONS = MATCHING_MODES.map((m) => ({ value: m, label: m === '2-way' ? '2-way: invoice against the order' : '3-way: invoice against the order and the ASNs' }));

type FormValues = Record<keyof MatchingSettings, string>;

const toForm = (s: MatchingSettings): FormValues => ({
  mode: s.mode,
  ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(s[f])])) as Record<NumberField, string>),
});

function fromForm(v: FormValues): MatchingSettings {
  return {
    mode: v.mode as MatchingSettings['mode'],
    ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, v[f].trim() === '' ? Number.NaN : Number(v[f])])) as Record<NumberField, number>),
  };
}

/** The form's check: numbers first, then the rules the server applies again. */
function validate(v: FormValues): string[] {
  const notNumbers = NUMBER_FIELDS.filter((f) => !Number.isFinite(fromForm(v)[f])).map((f) => matchingMessages.notANumber(LABELS[f]));
  return notNumbers.length ? notNumbers : validateMatchingSettings(fromForm(v)).map((i) => i.message);
}

/**
 * Buyers: how their invoices are matched (2-way against the order, 3-way against the
 * order and what its ASNs shipped) and how far a price, a quantity or the total may
 * differ. Saved offline through the outbox; the server then matches every invoice again.
 */
export function InvoiceMatchingPanel({ buyerId }: { buyerId: string }) {
  const row = useOrgSetting('invoiceMatching', buyerId);
  const touch = { table: 'invoiceMatching' as const, scope: scopeId('org', buyerId), key: buyerId };
  const entry = useLatestEntry((e) => touchesRow(e, touch), [buyerId]);
  const form = useSettingForm({
    held: row === undefined ? undefined : toForm(row ?? DEFAULT_MATCHING_SETTINGS),
    labels: LABELS,
    validate,
    save: (v) => saveInvoiceMatching(buyerId, fromForm(v)),
    savedMessage: matchingMessages.settingsSaved,
    entry,
  });

  return (
    <PanelForm aria-label="Invoice Matching" onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <SelectField label={LABELS.mode} options={MODE_OPTIONS} value={form.values.mode} onChange={(e) => form.setValue('mode', e.target.value)} error={form.errors.mode} />
      <MutedText>
        A price or quantity passes when it is within either of its two tolerances. Under 3-way matching an invoice waits as Pending Receiving until
        an ASN ships what it bills.
      </MutedText>
      {NUMBER_FIELDS.map((f) => (
        <Field
          key={f}
          label={LABELS[f]}
          inputMode="decimal"
          value={form.values[f]}
          onChange={(e) => form.setValue(f, e.target.value)}
          error={form.errors[f]}
          autoComplete="off"
        />
      ))}
      <FormFooter formErrors={form.formErrors} waiting={form.waiting} />
    </PanelForm>
  );
}
