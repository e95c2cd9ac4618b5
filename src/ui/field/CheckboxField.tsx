import type { InputHTMLAttributes } from 'react';
import { Checkbox, ChoiceLabel } from './choice.styles';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export function CheckboxField({ label, ...inputProps }: CheckboxFieldProps) {
  return (
    <ChoiceLabel>
      <Checkbox type="checkbox" {...inputProps} />
      {label}
    </ChoiceLabel>
  );
}
