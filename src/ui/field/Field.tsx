import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Description, ErrorText, FieldRoot, Input, Label } from './field.styles';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The input's id, where a link (an error summary's) points at it; one of its own otherwise. */
  id?: string;
  /** Shown under the input in the error colour and announced with it. */
  error?: string;
  /** Help shown under the input, e.g. a strength bar; also read out with it. */
  description?: ReactNode;
}

/** A labelled input whose description and error are tied to it with aria-describedby. */
export function Field({ label, error, description, id: givenId, ...inputProps }: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <FieldRoot>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {description && <Description id={descriptionId}>{description}</Description>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}
