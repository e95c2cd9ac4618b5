import styled from 'styled-components';

export const Loading = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  height: 100%;
  color: ${({ theme }) => theme.color.textMuted};
`;
