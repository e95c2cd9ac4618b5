import { useId, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Description, ErrorText, FieldRoot, Input, Label } from './field.styles';

const TextArea = styled(Input).attrs({ as: 'textarea' })`
  min-height: 12rem;
  padding: 10px 12px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.8125rem;
  line-height: 1.45;
  resize: vertical;
`;

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  description?: string;
}

/** A labelled multi-line input (code or long text) with its description and error tied to it, as Field does. */
export function TextAreaField({ label, error, description, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <FieldRoot>
      <Label htmlFor={id}>{label}</Label>
      <TextArea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} spellCheck={false} {...areaProps} />
      {description && <Description id={`${id}-description`}>{description}</Description>}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </FieldRoot>
  );
}
