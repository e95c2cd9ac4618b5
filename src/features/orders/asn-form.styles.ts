import styled from 'styled-components';

export const CellInput = styled.input`
  width: 100%;
  min-width: 76px;
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

/** Room for a seven-character quantity (1234.50) without cutting it; a longer one scrolls inside the input. */
export const QuantityCellInput = styled(CellInput)`
  min-width: calc(7ch + 16px);
  padding: 0 8px;
  font-variant-numeric: tabular-nums;
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

export const LinesHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

export const LinesActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
