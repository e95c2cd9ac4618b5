import { useId, type SelectHTMLAttributes } from 'react';
import { ErrorText, FieldRoot, Input, Label } from './field.styles';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}

/** A labelled native select (the platform's own picker on touch screens), styled as a Field. */
export function SelectField({ label, options, error, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldRoot>
      <Label htmlFor={id}>{label}</Label>
      <Input as="select" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...selectProps}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Input>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}
