import { useMemo, useState } from 'react';
import type { CounterpartRow } from '../../local/hooks/use-counterparts';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { PickerRow } from './preferences.styles';

interface AccountPickerProps {
  label: string;
  accounts: readonly CounterpartRow[] | undefined;
  value: string;
  onChange(uniqueKey: string): void;
  error?: string;
}

/** Pick an account of the other side by name: a search narrows the choices. */
export function AccountPicker({ label, accounts, value, onChange, error }: AccountPickerProps) {
  const [search, setSearch] = useState('');
  const options = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (accounts ?? [])
      .filter((a) => a.uniqueKey === value || !text || a.name.toLowerCase().includes(text))
      .map((a) => ({ value: a.uniqueKey, label: a.name }));
  }, [accounts, search, value]);
  return (
    <PickerRow>
      <Field label={`Search ${label.toLowerCase()}`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      <SelectField
        label={label}
        options={options}
        placeholder={accounts === undefined ? 'Loading...' : 'Choose...'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
    </PickerRow>
  );
}
