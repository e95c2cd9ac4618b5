import styled from 'styled-components';

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

export const NameForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  max-width: 560px;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

export const Status = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const SectionTitle = styled.h2`
  margin: 8px 0 0;
  font-size: 1.125rem;
  font-weight: 650;
`;

export const FormErrors = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 32px;
  border-left: 4px solid ${({ theme }) => theme.color.error};
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.error};
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
