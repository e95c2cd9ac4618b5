import styled from 'styled-components';
import { FormStack } from '../../ui/form-parts';

export const SplitBox = styled.div`
  height: calc(100dvh - 200px);
  min-height: 480px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
`;

export const PaneContent = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 16px;
`;

export const NameForm = styled(FormStack)`
  gap: 12px;
  max-width: 560px;
`;

export const SectionTitle = styled.h2`
  margin: 8px 0 0;
  font-size: 1.125rem;
  font-weight: 650;
`;

export const UniversityList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  max-height: 50vh;
  overflow: auto;
`;
