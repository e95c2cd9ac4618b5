import styled from 'styled-components';
import { cellText, headerText } from './data-table.styles';

/**
 * A table that scrolls inside its own box, so the page itself never scrolls sideways. Its
 * width picks the columns (`$fitRules`, from column-fit-rules.ts).
 */
export const TableScroll = styled.div<{ $maxHeight?: string; $fitRules: string }>`
  container-type: inline-size;
  max-width: 100%;
  max-height: ${({ $maxHeight }) => $maxHeight ?? '50vh'};
  overflow-x: auto;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  overscroll-behavior: contain;

  ${({ $fitRules }) => $fitRules}

  @media print {
    max-height: none;
    overflow: visible;
    border: none;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  line-height: 1.4;

  th,
  td {
    padding: 6px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: middle;
  }

  td {
    ${cellText}
  }

  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.color.surfaceSunken};
    font-size: 0.8125rem;
    ${headerText}
  }

  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }

  @media print {
    font-size: 10pt;

    th {
      position: static;
    }
  }
`;
