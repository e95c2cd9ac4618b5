import styled from 'styled-components';

export const TreeBox = styled.div`
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Rows = styled.div`
  position: relative;
  width: 100%;
`;

export const Item = styled.div<{ $level: number; $active: boolean }>`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  align-items: center;
  gap: 4px;
  padding-left: ${({ $level }) => 8 + ($level - 1) * 20}px;
  padding-right: 8px;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.color.accentSoft : 'transparent')};
  box-shadow: ${({ $active, theme }) => ($active ? `inset 3px 0 0 ${theme.color.accent}` : 'none')};

  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;

export const ChevronSlot = styled.span`
  flex: none;
  width: 20px;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const ItemText = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
