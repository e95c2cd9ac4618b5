import { messages } from '../../domain/messages';
import { validateTaxCodes } from '../../domain/rules/properties';
import { touchesRow, useLatestEntry } from '../../local/hooks/use-latest-entry';
import { useOrgSetting } from '../../local/hooks/use-org-settings';
import { saveTaxCodes } from '../../local/mutations/buyer-settings';
import { scopeId } from '../../local/db/store-keys';
import { Field } from '../../ui/field/Field';
import { FormFooter } from './form-footer';
import { PanelForm } from './preferences.styles';

import { useSettingForm } from './use-setting-form';

const LABELS = { taxableCode: 'Taxable Code', nonTaxableCode: 'Non Taxable Code' };

/** Buyers: the tax codes their exports use, both required. */
export function TaxCodesPanel({ buyerId }: { buyerId: string }) {
  const row = useOrgSetting('buyerSettings', buyerId);
  const mapping = row?.taxCodeMapping ?? null;
  const touch = { table: 'buyerSettings' as const, scope: scopeId('org', buyerId), key: buyerId };
  const entry = useLatestEntry((e) => touchesRow(e, touch), [buyerId]);
  const form = useSettingForm({
    held: row === undefined ? undefined : { taxableCode: mapping?.taxableCode ?? '', nonTaxableCode: mapping?.nonTaxableCode ?? '' },
    labels: LABELS,
    validate: validateTaxCodes,
    save: (v) => saveTaxCodes(buyerId, v.taxableCode.trim(), v.nonTaxableCode.trim()),
    savedMessage: messages.taxCodesUpdated,
    entry,
  });

  return (
    <PanelForm aria-label="Tax Codes" onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <Field
        label={LABELS.taxableCode}
        value={form.values.taxableCode}
        onChange={(e) => form.setValue('taxableCode', e.target.value)}
        error={form.errors.taxableCode}
        autoComplete="off"
      />
      <Field
        label={LABELS.nonTaxableCode}
        value={form.values.nonTaxableCode}
        onChange={(e) => form.setValue('nonTaxableCode', e.target.value)}
        error={form.errors.nonTaxableCode}
        autoComplete="off"
      />
      <FormFooter formErrors={form.formErrors} waiting={form.waiting} />
    </PanelForm>
  );
}
