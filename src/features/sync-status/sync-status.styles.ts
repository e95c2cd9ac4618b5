import styled from 'styled-components';
import { breakpoints, media } from '../../ui/theme/theme';

/**
 * The status pieces, on one line where the top bar has room and on two where it has not
 * (a portrait tablet while a first mirror runs): a piece moves to the second line whole,
 * never over the user's name. More than two lines' worth is cut at the bar's edge.
 */
export const StatusRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  align-content: center;
  gap: 2px 8px;
  min-width: 0;
  max-height: 100%;
  overflow: clip;
  overflow-clip-margin: 4px;
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

/** The first mirror's progress, inside the status chip so it takes no place of its own. */
export const MirrorProgress = styled.progress`
  width: 48px;
  height: 6px;
  margin-left: 6px;
  vertical-align: middle;
`;

/** The rows saved so far: said in words beside the chip where there is room, to screen readers always. */
export const RowsSaved = styled.span`
  @media (max-width: ${breakpoints.large - 1}px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
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
