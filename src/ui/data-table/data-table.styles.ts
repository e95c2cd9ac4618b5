import styled from 'styled-components';

/**
 * The table's own scroll box: rows scroll inside it, the page around it never scrolls sideways.
 * It hands the theme's colours to its rows as custom properties, so the many row and cell
 * components below have no interpolations: styled-components then computes their class once,
 * not once per rendered row and cell (that work was a large part of a list's first render).
 */
export const Viewport = styled.div<{ $height: string }>`
  --table-border: ${({ theme }) => theme.color.border};
  --table-text: ${({ theme }) => theme.color.text};
  --table-muted: ${({ theme }) => theme.color.textMuted};
  --table-hover: ${({ theme }) => theme.color.accentSoft};
  --table-focus: ${({ theme }) => theme.color.focus};
  position: relative;
  height: ${({ $height }) => $height};
  min-height: 240px;
  overflow-x: hidden;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  overscroll-behavior: contain;
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

export const HeaderCell = styled.div`
  padding: 0 12px;
  text-align: left;
  overflow-wrap: anywhere;

  &[data-align='end'] {
    text-align: right;
  }
`;

export const Body = styled.div`
  position: relative;
  width: 100%;
`;

/** States come as data attributes (`data-bold`, `data-dimmed`, `data-clickable`), colours from the Viewport. */
export const Row = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  display: grid;
  align-items: center;
  width: 100%;
  min-height: 56px;
  border-bottom: 1px solid var(--table-border);
  font-weight: 400;
  color: var(--table-text);
  cursor: default;

  &[data-bold='true'] {
    font-weight: 700;
  }

  &[data-dimmed='true'] {
    color: var(--table-muted);
  }

  &[data-clickable='true'] {
    cursor: pointer;
  }

  &[data-clickable='true']:hover {
    background: var(--table-hover);
  }

  &:focus-visible {
    outline: 2px solid var(--table-focus);
    outline-offset: -2px;
  }
`;

export const Cell = styled.div`
  min-width: 0;
  padding: 8px 12px;
  overflow-wrap: anywhere;
  text-align: left;
  font-variant-numeric: normal;

  &[data-align='end'] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** Muted labels from the table around it (`--table-muted`), so this component has no interpolation either. */
export const Stacked = styled.dl`
  display: grid;
  gap: 2px;
  margin: 6px 0 0;
  font-size: 0.8125rem;
  font-weight: 400;

  div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 6px;
  }

  dt {
    color: var(--table-muted);
  }

  dt::after {
    content: ':';
  }

  dd {
    margin: 0;
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
