import styled from 'styled-components';

/** Focusable for its tooltip, so as large a target as any other control (44 px). */
export const Missing = styled.span`
  display: inline-flex;
  align-items: center;
  min-width: 44px;
  min-height: 44px;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: help;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
