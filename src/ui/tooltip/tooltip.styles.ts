import styled from 'styled-components';

export const Bubble = styled.div`
  z-index: ${({ theme }) => theme.zIndex.snackbar};
  max-width: 280px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.snackbar.info.background};
  color: ${({ theme }) => theme.snackbar.info.text};
  font-size: 0.8125rem;
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;
