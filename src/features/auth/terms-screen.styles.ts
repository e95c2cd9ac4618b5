import styled from 'styled-components';

export const TermsText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
