import styled from 'styled-components';

export const Sheet = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 20};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

export const Title = styled.h2`
  flex: 1;
  margin: 0;
  font-size: 1.125rem;
`;

/** 48 px: a touch target a gloved hand finds. */
export const CloseButton = styled.button`
  width: 48px;
  height: 48px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font-size: 2rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

export const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;
