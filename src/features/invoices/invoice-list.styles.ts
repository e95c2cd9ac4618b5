import styled from 'styled-components';

export const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

/** The status filters and the upload, side by side while they fit; the upload area takes a row of its own. */
export const ListBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  & > [role='group'][aria-label='Invoice file'] {
    flex-basis: 100%;
  }
`;

/** The email's subject under 'Document with extraction problems': one line, the rest in its tooltip and on the invoice. */
export const Subtitle = styled.span`
  display: block;
  overflow: hidden;
  font-weight: 400;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
  white-space: nowrap;
  text-overflow: ellipsis;
`;

/** 'No Number detected' is a sentence, not a code: it may wrap where a number may not. */
export const NoNumber = styled.span`
  white-space: normal;
  font-weight: 400;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** An invoice number that may break after a hyphen where its column is too narrow for it (see `breakableCode`). */
export const CodeParts = styled.span`
  white-space: normal;
`;

/** A total whose currency may go to a second line under its amount (the amount itself never breaks). */
export const MoneyParts = styled.span`
  white-space: normal;
`;

export const ErrorIcon = styled.span`
  color: ${({ theme }) => theme.color.error};
  display: inline-flex;
`;

export const Status = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
