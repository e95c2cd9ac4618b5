import styled from 'styled-components';

export const SummaryBox = styled.div`
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.color.error};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceSunken};

  &:focus-visible,
  &:focus {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
    color: ${({ theme }) => theme.color.error};
  }

  ul {
    margin: 0;
    padding-left: 20px;
  }

  /* A link is a 44 px touch target on its own line (WCAG 2.5.8). */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.color.error};
    text-decoration: underline;
  }
`;
