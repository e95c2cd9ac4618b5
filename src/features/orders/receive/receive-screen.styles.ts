import styled from 'styled-components';

/** The scan field and the camera button: one row on a landscape tablet, stacked on a narrow portrait one. */
export const ScanBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;
  > :first-child {
    flex: 1 1 320px;
  }
`;

export const ScanStatus = styled.p`
  margin: 0 0 16px;
  min-height: 1.5em;
  &[data-tone='refused'] {
    color: ${({ theme }) => theme.color.error};
  }
`;

export const ShipmentButtons = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A whole card is the touch target. */
export const ShipmentCard = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  width: 100%;
  min-height: 88px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  strong {
    font-size: 1.0625rem;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[data-state='received'] strong::after {
    content: ' ✓';
    color: ${({ theme }) => theme.color.success};
  }
`;

export const LinesTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 16px;
  th,
  td {
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: middle;
  }
  th.number,
  td.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  td.received-note {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.875rem;
  }
  input,
  select {
    min-height: 44px;
    padding: 0 10px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.color.surface};
    color: inherit;
    font: inherit;
  }
  input {
    width: calc(7ch + 24px);
    text-align: right;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.error};
  }
  @media (max-width: 820px) {
    .wide {
      display: none;
    }
  }
`;

export const PackageList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  li {
    padding: 6px 10px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font-variant-numeric: tabular-nums;
  }
  li[data-scanned] {
    border-color: ${({ theme }) => theme.color.success};
    font-weight: 600;
  }
`;

/** Confirm stays in reach at the bottom of a tablet's screen, however many lines the shipment has. */
export const StickyActions = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.background};
`;
