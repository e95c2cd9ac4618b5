import styled from 'styled-components';

export const Missing = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  cursor: help;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
