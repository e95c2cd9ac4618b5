import { Separator } from 'react-resizable-panels';
import styled from 'styled-components';

export const PaneBody = styled.div`
  height: 100%;
  overflow: auto;
  min-width: 0;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`;

/** A 12px strip that is easy to grab with a finger; the line in it shows where it is. */
export const Handle = styled(Separator)`
  position: relative;
  flex: 0 0 12px;
  cursor: col-resize;
  touch-action: none;

  &::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    left: 5px;
    width: 2px;
    background: ${({ theme }) => theme.color.border};
  }

  &:hover::after,
  &:focus-visible::after,
  &[data-separator='active']::after {
    background: ${({ theme }) => theme.color.focus};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
`;
