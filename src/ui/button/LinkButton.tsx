import type { AnchorHTMLAttributes } from 'react';
import { StyledButton, type ButtonVariant } from './button.styles';

interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
}

/** A link (a download, a file) that looks like a Button, with the same 44px target. */
export function LinkButton({ variant = 'outlined', style, ...rest }: LinkButtonProps) {
  return <StyledButton as="a" $variant={variant} $fullWidth={false} style={{ textDecoration: 'none', ...style }} {...rest} />;
}
