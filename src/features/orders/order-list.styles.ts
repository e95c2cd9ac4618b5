import styled, { css } from 'styled-components';

/** Wide enough for five columns; narrower screens scroll the list sideways inside its own box. */
const ROW_MIN_WIDTH = 680;

export const FilterBar = styled.div`
  max-width: 360px;
  margin-bottom: 16px;
`;

export const Viewport = styled.div`
  position: relative;
  height: calc(100dvh - 260px);
  min-height: 320px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  overscroll-behavior: contain;
`;

export const columns = css`
  display: grid;
  grid-template-columns: 1.1fr 1fr 1.3fr 1.6fr 1fr;
  align-items: center;
  min-width: ${ROW_MIN_WIDTH}px;
`;

export const HeaderRow = styled.div`
  ${columns}
  position: sticky;
  top: 0;
  z-index: 1;
  min-height: 48px;
  background: ${({ theme }) => theme.color.surfaceSunken};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const HeaderCell = styled.div`
  padding: 0 12px;
`;

export const Body = styled.div`
  position: relative;
  min-width: ${ROW_MIN_WIDTH}px;
`;

export const Row = styled.div<{ $unread: boolean }>`
  ${columns}
  position: absolute;
  left: 0;
  width: 100%;
  min-height: 56px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;

export const Cell = styled.div`
  padding: 8px 12px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const NumberCell = styled(Cell)`
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

export const RowLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.color.accent};
  font-weight: inherit;
  text-decoration: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Status = styled.p`
  padding: 24px 16px;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
