import styled from 'styled-components';

/** Holds a table's scroll box and the cues laid over its edges. */
export const Frame = styled.div`
  position: relative;
  min-width: 0;
`;

export const Cue = styled.div<{ $side: 'before' | 'after' }>`
  position: absolute;
  top: 1px;
  bottom: 1px;
  ${({ $side }) => ($side === 'before' ? 'left: 1px;' : 'right: 1px;')}
  z-index: 2;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  pointer-events: none;
  font-size: 1.5rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.accent};
  background: linear-gradient(
    to ${({ $side }) => ($side === 'before' ? 'left' : 'right')},
    transparent,
    ${({ theme }) => theme.color.surface} 70%
  );
  box-shadow: ${({ $side }) => ($side === 'before' ? 'inset 6px 0 6px -6px' : 'inset -6px 0 6px -6px')} rgba(0, 0, 0, 0.45);
`;
