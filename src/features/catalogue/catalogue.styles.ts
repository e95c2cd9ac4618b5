import styled from 'styled-components';
import { MutedText } from '../../ui/page';

export const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;
`;

export const Grow = styled.div`
  flex: 1 1 240px;
  min-width: 0;
`;

export const Muted = styled(MutedText)`
  margin-bottom: 12px;
`;

export const SupplierList = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  max-height: 50vh;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
`;

export const SupplierOption = styled.button`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 8px 16px;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;

export const JobList = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
`;

export const JobItem = styled.li<{ $failed: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 8px 12px;
  border-left: 4px solid ${({ theme, $failed }) => ($failed ? theme.color.error : theme.color.secondary)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
`;

export const JobErrors = styled.ul`
  flex-basis: 100%;
  margin: 0;
  padding-left: 20px;
  color: ${({ theme }) => theme.color.error};
  max-height: 160px;
  overflow-y: auto;
`;

export const IconCell = styled.span`
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.color.error};
`;

export const CheckboxCell = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
    cursor: pointer;
  }
`;
