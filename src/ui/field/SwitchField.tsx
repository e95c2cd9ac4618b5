import { useId } from 'react';
import { ChoiceLabel, SwitchTrack } from './choice.styles';

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off control announced as a switch, with its label clickable too. */
export function SwitchField({ label, checked, onCheckedChange, disabled = false }: SwitchFieldProps) {
  const id = useId();
  return (
    <ChoiceLabel htmlFor={id}>
      <SwitchTrack
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      />
      {label}
    </ChoiceLabel>
  );
}
