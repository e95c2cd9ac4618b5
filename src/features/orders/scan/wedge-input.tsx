import type { Ref } from 'react';
import { WedgeField } from './pack-scan-dialog.styles';

interface WedgeInputProps {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  /** 'none' while the camera reads: a tap must not open the on-screen keyboard over it; a wedge types without one. */
  inputMode?: 'none' | 'text';
  /** One code, when Enter ends it. */
  onCode: (raw: string) => void;
}

/** The field a hardware scanner (a keyboard wedge) types into, each code ended by Enter; typing works the same. */
export function WedgeInput({ id, label, inputRef, inputMode = 'text', onCode }: WedgeInputProps) {
  return (
    <WedgeField>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        autoComplete="off"
        enterKeyHint="go"
        inputMode={inputMode}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const typed = event.currentTarget.value;
          event.currentTarget.value = '';
          if (typed.trim() !== '') onCode(typed);
        }}
      />
    </WedgeField>
  );
}
