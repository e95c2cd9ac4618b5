import styled from 'styled-components';

export const AddressList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 8px 24px;
  margin: 0;

  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }

  @media print {
    grid-template-columns: 1fr;
    gap: 2px;
  }
`;
