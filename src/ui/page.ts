import styled from 'styled-components';

/** The frame of a screen inside the shell. */
export const Page = styled.section`
  max-width: 1280px;
  padding: 24px;

  @media (min-width: 900px) {
    padding: 32px 40px;
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 16px;
  font-size: 1.5rem;
  font-weight: 650;
`;

export const Notice = styled.p`
  max-width: 640px;
  padding: 16px 20px;
  border-left: 4px solid ${({ theme }) => theme.color.secondary};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
`;
