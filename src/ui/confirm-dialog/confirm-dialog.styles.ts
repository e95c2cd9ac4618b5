import styled from 'styled-components';

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 10};
  background: ${({ theme }) => theme.color.overlay};
`;

export const Box = styled.div`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.drawer + 11};
  width: min(440px, calc(100vw - 32px));
  padding: 24px;
  transform: translate(-50%, -50%);
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;

export const Title = styled.h2`
  margin: 0 0 8px;
  font-size: 1.125rem;
`;

export const Message = styled.p`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;
