import type { ButtonHTMLAttributes } from 'react';
import { StyledButton, StyledIconButton, type ButtonVariant } from './button.styles';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** A button at least 44px square; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', fullWidth = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} $fullWidth={fullWidth} type={type} {...rest} />;
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** An icon has no text, so its accessible name is required. */
  'aria-label': string;
}

export function IconButton({ type = 'button', ...rest }: IconButtonProps) {
  return <StyledIconButton type={type} {...rest} />;
}
