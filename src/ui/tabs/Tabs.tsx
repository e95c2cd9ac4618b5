import * as RadixTabs from '@radix-ui/react-tabs';
import { useRef, type ComponentProps } from 'react';
import styled from 'styled-components';
import { SideScrollCue } from '../data-table/SideScrollCue';
import { useSideScroll } from '../data-table/use-side-scroll';

/** Tabs with arrow-key movement between them, styled once for the whole portal. */
export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

const Strip = styled.div`
  position: relative;
  min-width: 0;
  margin-bottom: 24px;
`;

const List = styled(RadixTabs.List)`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-x: auto;
  overflow-y: hidden;
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
`;

/**
 * The tab strip: where its tabs do not fit (a product's tabs on a portrait tablet) it
 * scrolls sideways with the same edge cue as a wide table; labels never wrap. Moving
 * between tabs with the arrow keys scrolls the focused tab into view.
 */
export function TabList(props: ComponentProps<typeof RadixTabs.List>) {
  const list = useRef<HTMLDivElement>(null);
  const scroll = useSideScroll(list);
  return (
    <Strip>
      <List ref={list} {...props} />
      <SideScrollCue scroll={scroll} />
    </Strip>
  );
}

export const Tab = styled(RadixTabs.Trigger)`
  flex: none;
  min-height: 44px;
  padding: 0 16px;
  border: none;
  border-bottom: 3px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;

  &[data-state='active'] {
    color: ${({ theme }) => theme.color.accent};
    border-bottom-color: ${({ theme }) => theme.color.secondary};
  }

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.45;
  }
`;
