import styled from 'styled-components';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 16px;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export const ErrorList = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 32px;
  border-left: 4px solid ${({ theme }) => theme.color.error};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.error};
`;

export const StatusLine = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const CellInput = styled.input`
  width: 100%;
  min-width: 88px;
  min-height: 44px;
  padding: 0 10px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: right;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.error};
  }

  &:read-only {
    border-color: transparent;
    background: transparent;
  }
`;

export const CellError = styled.div`
  margin-top: 4px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.error};
  white-space: normal;
`;

export const ErrorMark = styled.span`
  color: ${({ theme }) => theme.color.error};
`;
