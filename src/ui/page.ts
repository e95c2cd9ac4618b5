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

/** A record's header facts (order, invoice): label over value, as many columns as fit. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 12px 24px;
  margin: 0 0 20px;

  dt {
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 2px 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** A quiet line of text: a loading or empty state, a note under a section. */
export const MutedText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
