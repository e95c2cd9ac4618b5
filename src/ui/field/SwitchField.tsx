import { useId } from 'react';
import { ChoiceLabel, SwitchTrack } from './choice.styles';

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off control announced as a switch, with its label clickable too. */
export function SwitchField({ label, checked, onCheckedChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <ChoiceLabel htmlFor={id}>
      <SwitchTrack
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onCheckedChange(!checked)}
      />
      {label}
    </ChoiceLabel>
  );
}
