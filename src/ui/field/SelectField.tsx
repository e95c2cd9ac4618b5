import { useId, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { ErrorText, FieldRoot, Input, Label } from './field.styles';

const Select = styled(Input).attrs({ as: 'select' })`
  padding-right: 8px;
`;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice (e.g. 'Choose...'). */
  placeholder?: string;
  error?: string;
}

/** A labelled native select: the platform's own picker on touch screens. */
export function SelectField({ label, options, placeholder, error, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldRoot>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...selectProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}
