import styled from 'styled-components';
import type { SnackbarVariant } from './snackbar-context';

export const Stack = styled.div`
  position: fixed;
  left: 50%;
  bottom: 24px;
  z-index: ${({ theme }) => theme.zIndex.snackbar};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  width: min(560px, calc(100vw - 32px));
  transform: translateX(-50%);
  pointer-events: none;

  /* A bottom drawer takes the bottom of the screen, and a snackbar there would cover the
     rows it reports on (an export's error over the only row of 'ASN Export Errors'): above
     it, over the dimmed page, instead. */
  body:has([data-drawer-side='bottom']) & {
    top: 16px;
    bottom: auto;
  }
`;

export const Item = styled.div<{ $variant: SnackbarVariant }>`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 48px;
  padding: 6px 6px 6px 16px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme, $variant }) => theme.snackbar[$variant].background};
  color: ${({ theme, $variant }) => theme.snackbar[$variant].text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  pointer-events: auto;
`;

export const Text = styled.div`
  flex: 1;
  font-weight: 500;
`;
