import styled from 'styled-components';

export const FilterBar = styled.div`
  max-width: 360px;
  margin-bottom: 16px;
`;

export const RowLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.color.accent};
  font-weight: inherit;
  text-decoration: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** Above the list, so it is never pushed below the bottom of a short screen. */
export const OfflineNote = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The title with the buyer's 'Receive' beside it: no taller than the title alone, so the list keeps its rows. */
export const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
`;
