import styled from 'styled-components';

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

export const Label = styled.label`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

export const Input = styled.input`
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.accent};
    outline-offset: 0;
    border-color: ${({ theme }) => theme.color.accent};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.error};
  }

  &[type='color'] {
    width: 88px;
    padding: 4px;
    cursor: pointer;
  }
`;

export const Description = styled.div`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const ErrorText = styled.div`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.error};
`;
