import styled from 'styled-components';

export const Loading = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
