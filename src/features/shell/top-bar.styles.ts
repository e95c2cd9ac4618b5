import styled from 'styled-components';
import { media } from '../../ui/theme/theme';

export const Bar = styled.header`
  grid-area: top;
  z-index: ${({ theme }) => theme.zIndex.topBar};
  display: flex;
  align-items: center;
  gap: 12px;
  height: ${({ theme }) => theme.layout.topBarHeight}px;
  padding: 0 12px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};

  /*
   * On a portrait tablet the bar is full: the menu toggle (its 44px touch target), the
   * logo, the title, the user and the menu keep their size; only the status slot gives
   * way (its pieces wrap onto a second line), so nothing overlaps the user's name.
   */
  & > * {
    flex-shrink: 0;
  }
`;

export const Title = styled.span`
  font-size: 1.0625rem;
  font-weight: 700;
  letter-spacing: -0.01em;
  white-space: nowrap;

  ${media.small} {
    display: none;
  }
`;

/**
 * The free width between the title and the user, with the status piece at its start:
 * what the status adds later (the last sync, a change waiting) grows to the right into
 * the free width, so neither it nor the user's name moves (no layout shift at load).
 */
export const StatusSlot = styled.div`
  display: flex;
  flex: 1 1 0;
  align-items: center;
  align-self: stretch;
  min-width: 0;

  && {
    flex-shrink: 1;
  }
`;

export const Who = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  min-width: 0;
  line-height: 1.25;
  text-align: right;
`;

export const UserName = styled.span`
  font-weight: 600;
  white-space: nowrap;
`;

export const Company = styled.span<{ $assumed: boolean }>`
  max-width: 40vw;
  overflow: hidden;
  color: ${({ theme, $assumed }) => ($assumed ? theme.color.secondary : theme.color.textMuted)};
  font-size: 0.8125rem;
  font-weight: ${({ $assumed }) => ($assumed ? 600 : 400)};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const OfflineBadge = styled.span`
  padding: 2px 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.warning};
  font-size: 0.75rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

export const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 0.875rem;
  font-weight: 700;

  /*
   * The initials are drawn, not written: as text they would be the visible name of the
   * Account menu button, which its label (the name a voice user says) does not contain.
   */
  &::before {
    content: attr(data-initials);
  }
`;
