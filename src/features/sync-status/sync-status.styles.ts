import styled from 'styled-components';
import { media } from '../../ui/theme/theme';

export const StatusRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.8125rem;
  white-space: nowrap;
`;

export const Badge = styled.span<{ $tone: 'ok' | 'warn' | 'error' }>`
  padding: 2px 8px;
  border-radius: 12px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.surface};
  background: ${({ theme, $tone }) => ($tone === 'ok' ? theme.color.success : $tone === 'warn' ? theme.color.warning : theme.color.error)};
`;

/** Secondary facts (storage use); left out on narrow screens, where the top bar has no room. */
export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  @media (max-width: 900px) {
    display: none;
  }
`;

/** The last sync; left out on phones, where the top bar holds only the online badge beside the user. */
export const LastSync = styled.span`
  ${media.small} {
    display: none;
  }
`;

export const MirrorProgress = styled.progress`
  width: 80px;
`;

export const ChangeList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
`;

export const ChangeItem = styled.li`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: 12px;
  display: grid;
  gap: 8px;
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.error};
`;

export const Actions = styled.div`
  display: flex;
  gap: 8px;
`;
