import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { SIDE_DRAWER_WIDTH } from '../../domain/constants';

export const Nav = styled.nav<{ $collapsed: boolean }>`
  grid-area: nav;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.sideMenuCollapsedWidth : SIDE_DRAWER_WIDTH)}px;
  padding: 12px;
  overflow: hidden auto;
  border-right: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  transition: width 180ms ease;
`;

export const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The screens inside an area's entry, under it. */
export const SubList = styled(List)`
  margin-top: 4px;
`;

/** `$sub`: a screen inside an area, indented under the area's entry while the menu is open (collapsed, the icons stay in one column). */
export const Item = styled(Link)<{ $sub?: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 14px;
  min-height: 44px;
  padding: 0 12px 0 ${({ $sub }) => ($sub ? 32 : 12)}px;
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 550;
  text-decoration: none;
  white-space: nowrap;

  svg {
    flex: none;
  }

  &:hover {
    background: ${({ theme }) => theme.color.surfaceSunken};
    color: ${({ theme }) => theme.color.text};
  }

  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.accentSoft};
    color: ${({ theme }) => theme.color.accent};
  }

  &[aria-current='page']::before {
    content: '';
    position: absolute;
    left: -12px;
    top: 8px;
    bottom: 8px;
    width: 4px;
    border-radius: 0 3px 3px 0;
    background: ${({ theme }) => theme.color.secondary};
  }
`;
