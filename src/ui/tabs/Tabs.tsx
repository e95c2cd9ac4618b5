import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';

/** Tabs with arrow-key movement between them, styled once for the whole portal. */
export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

export const TabList = styled(RadixTabs.List)`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  margin-bottom: 24px;
`;

export const Tab = styled(RadixTabs.Trigger)`
  min-height: 44px;
  padding: 0 16px;
  border: none;
  border-bottom: 3px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  font-weight: 600;
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
