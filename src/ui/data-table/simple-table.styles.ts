import styled from 'styled-components';

/** A table that scrolls inside its own box, so the page itself never scrolls sideways. */
export const TableScroll = styled.div<{ $maxHeight?: string }>`
  max-width: 100%;
  max-height: ${({ $maxHeight }) => $maxHeight ?? '50vh'};
  overflow-x: auto;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  overscroll-behavior: contain;

  @media print {
    max-height: none;
    overflow: visible;
    border: none;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;

  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: middle;
    overflow-wrap: anywhere;
  }

  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.color.surfaceSunken};
    font-size: 0.8125rem;
    white-space: nowrap;
  }

  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  @media print {
    font-size: 10pt;

    th {
      position: static;
    }
  }
`;
