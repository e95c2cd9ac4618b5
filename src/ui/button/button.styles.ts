import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'outlined' | 'text';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    border-color: ${({ theme }) => theme.color.primary};

    &:hover:not(:disabled) {
      filter: brightness(1.12);
    }
  `,
  outlined: css`
    background: transparent;
    color: ${({ theme }) => theme.color.accent};
    border-color: ${({ theme }) => theme.color.border};

    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.accentSoft};
    }
  `,
  text: css`
    background: transparent;
    color: ${({ theme }) => theme.color.accent};
    border-color: transparent;

    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.accentSoft};
    }
  `,
};

export const StyledButton = styled.button<{ $variant: ButtonVariant; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  min-width: 44px;
  padding: 0 20px;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  white-space: nowrap;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  font-weight: 600;
  letter-spacing: 0.01em;
  cursor: pointer;
  transition:
    background 120ms ease,
    filter 120ms ease;
  ${({ $variant }) => variants[$variant]}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.45;
  }
`;

export const StyledIconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;
