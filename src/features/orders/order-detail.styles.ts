import styled from 'styled-components';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;

  @media print {
    display: none;
  }
`;

export const Section = styled.section`
  margin-bottom: 24px;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
`;

/** On paper every address is printed, not just the open tab. */
export const ScreenOnly = styled.div`
  @media print {
    display: none;
  }
`;

export const PrintOnly = styled.div`
  display: none;

  @media print {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: 16px;
  }
`;


/** Under a line's product code: the buyer ordered it outside the supplier's catalogue. */
export const FreeTextMark = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
