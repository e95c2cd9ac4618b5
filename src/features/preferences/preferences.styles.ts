import styled from 'styled-components';
import { FormStack } from '../../ui/form-parts';

export const PanelForm = styled(FormStack)`
  max-width: 640px;
`;

export const Conflict = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.error};
  font-weight: 600;
`;

/** An account code whose value is in conflict: its label over the message, where its form would be. */
export const ConflictGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  max-width: 560px;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
  font-weight: 650;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
`;

export const PickerRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
  max-width: 640px;
`;

export const AccountCodes = styled.section`
  display: flex;
  flex-direction: column;
  gap: 24px;
  margin-top: 24px;
`;

export const NodeCode = styled.span`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;
