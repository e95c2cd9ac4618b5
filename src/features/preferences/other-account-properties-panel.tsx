import { useMemo } from 'react';
import { PROPERTY_NAMES } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { otherPropertyInConflict, validateOtherOrgProperty } from '../../domain/rules/properties';
import { useCounterparts } from '../../local/hooks/use-counterparts';
import { useLatestEntry } from '../../local/hooks/use-latest-entry';
import { useOrgRows } from '../../local/hooks/use-org-settings';
import { saveOtherOrgProperty } from '../../local/mutations/buyer-settings';
import type { OtherPropertyRow } from '../../local/db/store-rows';
import { scopeId } from '../../local/db/store-keys';
import { Button } from '../../ui/button/Button';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import type { Column } from '../../ui/data-table/columns';
import { Field } from '../../ui/field/Field';
import { AccountPicker } from './account-picker';
import { FormFooter } from './form-footer';
import { Conflict, PanelForm, SectionTitle } from './preferences.styles';
import { useSettingForm } from './use-setting-form';

const LABELS = { account: 'Account', property: 'Property', value: 'Value' };
const KNOWN_PROPERTIES = [PROPERTY_NAMES.supplierCode, PROPERTY_NAMES.supplierCodeAp];

/**
 * Everyone: the values the organisation keeps about other accounts (SUPPLIER_CODE,
 * SUPPLIER_CODE_AP and the like). Pick a row to change its value, or add one.
 */
export function OtherAccountPropertiesPanel({
  orgId,
  ownOrgId,
  counterpartType,
  mayEdit,
}: {
  orgId: string;
  ownOrgId: string;
  counterpartType: 1 | 2;
  /** False for a REGULAR user: the values are listed, not changed. */
  mayEdit: boolean;
}) {
  const rows = useOrgRows('otherOrgProperties', orgId);
  const { accounts } = useCounterparts(ownOrgId, counterpartType);
  const names = useMemo(() => new Map((accounts ?? []).map((a) => [a.uniqueKey, a.name])), [accounts]);
  const scope = scopeId('org', orgId);
  const entry = useLatestEntry((e) => e.kind === 'org.otherProperty' && e.scope === scope, [scope]);
  const form = useSettingForm({
    held: undefined,
    labels: LABELS,
    validate: (v) => validateOtherOrgProperty({ otherOrgUniqueKey: v.account, property: v.property, value: v.value }),
    save: (v) => saveOtherOrgProperty(orgId, v.account, v.property.trim(), v.value.trim()),
    savedMessage: messages.propertySaved,
    entry,
  });

  const allColumns: Column<OtherPropertyRow>[] = [
    { id: 'account', header: 'Account', cell: (r) => names.get(r.otherOrgUniqueKey) ?? r.otherOrgUniqueKey, priority: 1 },
    { id: 'property', header: 'Property', cell: (r) => r.property, priority: 1 },
    {
      id: 'value',
      header: 'Value',
      cell: (r) => (otherPropertyInConflict(r) ? <Conflict>{messages.propertyConflict}</Conflict> : r.value),
      priority: 2,
    },
    {
      id: 'edit',
      header: 'Edit',
      width: '120px',
      kind: 'control',
      // A value in conflict is neither shown nor edited here: the server refuses it until support clears the records.
      cell: (r) =>
        otherPropertyInConflict(r) ? null : (
          <Button
            variant="text"
            aria-label={`Edit ${r.property} of ${names.get(r.otherOrgUniqueKey) ?? r.otherOrgUniqueKey}`}
            onClick={() => form.load({ account: r.otherOrgUniqueKey, property: r.property, value: r.value })}
          >
            Edit
          </Button>
        ),
      priority: 1,
    },
  ];
  const columns = mayEdit ? allColumns : allColumns.filter((c) => c.id !== 'edit');

  const table = <SimpleTable label="Other account properties" rows={rows ?? []} columns={columns} rowKey={(r) => r.key} maxHeight="40vh" />;
  if (!mayEdit) return table;
  return (
    <>
      {table}
      <SectionTitle as="h3">Set a property</SectionTitle>
      <PanelForm aria-label="Set a property" onSubmit={(e) => void form.onSubmit(e)} noValidate>
        <AccountPicker label="Account" accounts={accounts} value={form.values.account} onChange={(v) => form.setValue('account', v)} error={form.errors.account} />
        <Field
          label={LABELS.property}
          value={form.values.property}
          onChange={(e) => form.setValue('property', e.target.value)}
          error={form.errors.property}
          list="other-account-property-names"
          autoComplete="off"
        />
        <datalist id="other-account-property-names">
          {KNOWN_PROPERTIES.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <Field label={LABELS.value} value={form.values.value} onChange={(e) => form.setValue('value', e.target.value)} error={form.errors.value} autoComplete="off" />
        <FormFooter formErrors={form.formErrors} waiting={form.waiting} />
      </PanelForm>
    </>
  );
}
