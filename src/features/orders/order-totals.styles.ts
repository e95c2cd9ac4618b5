import styled from 'styled-components';

export const Totals = styled.dl`
  display: grid;
  gap: 6px;
  width: min(100%, 320px);
  margin: 16px 0 0 auto;

  div {
    display: flex;
    justify-content: space-between;
    gap: 16px;
  }

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }

  div:last-child {
    padding-top: 6px;
    border-top: 1px solid ${({ theme }) => theme.color.border};
    font-size: 1.0625rem;
  }
`;
