import styled from 'styled-components';

/**
 * The detail fills the screen below the top bar: the panes scroll inside themselves,
 * and the bottom bar stays in reach.
 */
export const DetailFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: calc(100dvh - ${({ theme }) => theme.layout.topBarHeight}px - 64px);
  min-height: 480px;
`;

export const Panes = styled.div`
  flex: 1;
  min-height: 0;
`;

const panePadding = 'padding: 4px 12px 12px;';

export const PaneScroll = styled.div`
  height: 100%;
  overflow: auto;
  ${panePadding}
`;

/** A pane's content that the pane itself scrolls (see SplitPane's `leftFocusable`). */
export const PanePadding = styled.div`
  ${panePadding}
`;

export const BottomBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

export const OfflineReason = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

export const HeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-bottom: 12px;
`;

export const Title = styled.h1`
  margin: 0;
  font-size: 1.375rem;
  font-weight: 650;
`;

export const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 28px;
  padding: 0 12px;
  border-radius: 14px;
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accent};
  font-size: 0.8125rem;
  font-weight: 650;
`;

export const Section = styled.section`
  margin-bottom: 20px;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 8px;
  font-size: 1.0625rem;
`;

export const Totals = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  gap: 4px 24px;
  margin: 12px 0 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }

  dt:last-of-type,
  dd:last-of-type {
    font-weight: 700;
    color: ${({ theme }) => theme.color.text};
  }
`;

export const ErrorButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

export const ErrorList = styled.ul`
  margin: 0 0 16px;
  padding-inline-start: 20px;

  li {
    margin: 4px 0;
  }
`;

export const EmailHeader = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0 0 12px;

  div {
    display: contents;
  }

  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const EmailFrame = styled.iframe`
  display: block;
  width: 100%;
  min-height: 420px;
  height: 60vh;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surface};
`;
