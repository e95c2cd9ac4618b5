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

export const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 12px 24px;
  margin: 0 0 24px;

  dt {
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 2px 0 0;
    font-weight: 600;
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

export const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
