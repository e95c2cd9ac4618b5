import styled from 'styled-components';

/** One invoice line's fields in the correction form, framed so a clerk sees which line they are on. */
export const LineFieldset = styled.fieldset`
  margin: 0;
  padding: 12px 16px 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  min-width: 0;
`;

export const LineLegend = styled.legend`
  padding: 0 4px;
  font-weight: 650;
`;
