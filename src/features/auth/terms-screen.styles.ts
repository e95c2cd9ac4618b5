import styled from 'styled-components';

export const TermsText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The terms scroll in a box of their own, so the checkbox and Save stay in view on a tablet. */
export const TermsBox = styled.div`
  max-height: 40vh;
  overflow-y: auto;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
  p {
    margin: 0 0 12px;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;
