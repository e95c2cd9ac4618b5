import styled from 'styled-components';

/**
 * Text wraps between words only; codes, numbers and controls never wrap (a cell's
 * `data-kind`, see `ColumnKind`).
 */
const wordWrap = `
  overflow-wrap: normal;
  word-break: normal;
  hyphens: manual;
`;

/** A header's name wraps between its words, whatever its column holds. */
export const headerText = wordWrap;

export const cellText = `
  ${wordWrap}

  &[data-kind='code'],
  &[data-kind='number'],
  &[data-kind='control'] {
    white-space: nowrap;
  }
`;

/**
 * The table's own scroll box: rows scroll inside it, the page around it never scrolls
 * sideways; a box narrower than the columns it keeps scrolls sideways itself. Its width
 * picks the columns (`$fitRules`, from column-fit-rules.ts).
 */
export const Viewport = styled.div<{ $height: string; $fitRules: string }>`
  position: relative;
  container-type: inline-size;
  height: ${({ $height }) => $height};
  min-height: 240px;
  overflow-x: auto;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  overscroll-behavior: contain;

  ${({ $fitRules }) => $fitRules}
`;

export const HeaderRow = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  display: grid;
  align-items: center;
  min-height: 48px;
  background: ${({ theme }) => theme.color.surfaceSunken};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const HeaderCell = styled.div<{ $align?: 'start' | 'end' }>`
  padding: 4px 6px;
  text-align: ${({ $align }) => ($align === 'end' ? 'right' : 'left')};
  ${headerText}
`;

export const Body = styled.div`
  position: relative;
  width: 100%;
`;

export const Row = styled.div<{ $bold: boolean; $dimmed: boolean; $clickable: boolean }>`
  position: absolute;
  top: 0;
  left: 0;
  display: grid;
  align-items: center;
  width: 100%;
  min-height: 48px;
  font-size: 0.875rem;
  line-height: 1.4;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-weight: ${({ $bold }) => ($bold ? 700 : 400)};
  color: ${({ theme, $dimmed }) => ($dimmed ? theme.color.textMuted : theme.color.text)};
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};

  &:hover {
    background: ${({ theme, $clickable }) => ($clickable ? theme.color.accentSoft : 'transparent')};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`;

export const Cell = styled.div<{ $align?: 'start' | 'end' }>`
  min-width: 0;
  padding: 2px 6px;
  ${cellText}
  text-align: ${({ $align }) => ($align === 'end' ? 'right' : 'left')};
  font-variant-numeric: ${({ $align }) => ($align === 'end' ? 'tabular-nums' : 'normal')};
`;

export const Stacked = styled.dl`
  display: grid;
  gap: 0;
  margin: 2px 0 0;
  font-size: 0.8125rem;
  font-weight: 400;

  div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 6px;
  }

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dt::after {
    content: ':';
  }

  /* The value shares its label's line as long as it fits (an input there too), and wraps within itself after that. */
  dd {
    flex: 1 1 0;
    margin: 0;
    ${cellText}
  }
`;

export const Status = styled.p`
  padding: 24px 16px;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const StatusRow = styled.div`
  display: block;
`;

export const StatusCell = styled.div`
  display: block;
`;
