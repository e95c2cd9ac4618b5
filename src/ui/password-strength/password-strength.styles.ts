import styled from 'styled-components';

export const Meter = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

export const Segments = styled.div`
  display: grid;
  flex: 1;
  grid-template-columns: repeat(4, 1fr);
  gap: 4px;
`;

export const Segment = styled.span<{ $colour: string | null }>`
  height: 6px;
  border-radius: 3px;
  background: ${({ theme, $colour }) => $colour ?? theme.color.border};
  transition: background 150ms ease;
`;

export const Label = styled.span<{ $colour: string | null }>`
  min-width: 48px;
  color: ${({ theme, $colour }) => $colour ?? theme.color.textMuted};
  font-size: 0.8125rem;
  font-weight: 600;
  text-align: right;
`;
