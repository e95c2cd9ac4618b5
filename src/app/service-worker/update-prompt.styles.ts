import styled from 'styled-components';

export const Prompt = styled.div`
  position: fixed;
  right: 24px;
  bottom: 24px;
  z-index: ${({ theme }) => theme.zIndex.snackbar};
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 12px 12px 12px 20px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  border-left: 4px solid ${({ theme }) => theme.color.secondary};
`;

export const Text = styled.span`
  font-weight: 600;
`;
