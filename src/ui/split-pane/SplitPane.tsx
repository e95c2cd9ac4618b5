import type { ReactNode } from 'react';
import { Group, Panel } from 'react-resizable-panels';
import { SPLIT_PANE_DEFAULT, SPLIT_PANE_MIN_VISIBLE_PERCENT } from '../../domain/constants';
import { Handle, PaneBody } from './split-pane.styles';

interface SplitPaneProps {
  left: ReactNode;
  right: ReactNode;
  /** Accessible names of the two panes. */
  labelLeft: string;
  labelRight: string;
  /** Percent of the width the left pane starts with. */
  defaultLeft?: number;
  /** A pane dragged narrower than this percent is hidden (collapsed to nothing). */
  minPercent?: number;
  /**
   * The left pane holds nothing the keyboard can reach (an email's text): the pane, its own
   * scroll box, takes the focus so the keyboard can scroll it (WCAG 2.1.1).
   */
  leftFocusable?: boolean;
}

/**
 * Two panes side by side with a separator that drags, or moves with the arrow keys
 * when focused. Below its minimum a pane collapses instead of showing a useless sliver.
 */
export function SplitPane({
  left,
  right,
  labelLeft,
  labelRight,
  defaultLeft = SPLIT_PANE_DEFAULT[0],
  minPercent = SPLIT_PANE_MIN_VISIBLE_PERCENT,
  leftFocusable = false,
}: SplitPaneProps) {
  const pane = { collapsible: true, collapsedSize: '0', minSize: String(minPercent) };
  return (
    <Group orientation="horizontal" style={{ height: '100%' }}>
      <Panel {...pane} id="left" defaultSize={String(defaultLeft)}>
        <PaneBody role="region" aria-label={labelLeft} tabIndex={leftFocusable ? 0 : undefined}>
          {left}
        </PaneBody>
      </Panel>
      <Handle aria-label={`Resize ${labelLeft} and ${labelRight}`} />
      <Panel {...pane} id="right" defaultSize={String(100 - defaultLeft)}>
        <PaneBody role="region" aria-label={labelRight}>
          {right}
        </PaneBody>
      </Panel>
    </Group>
  );
}
