import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Cover = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.color.overlay};
`;

const Spinner = styled.div`
  width: 40px;
  height: 40px;
  border: 4px solid ${({ theme }) => theme.color.surface};
  border-top-color: ${({ theme }) => theme.color.secondary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

/**
 * Covers its positioned parent with a spinner while work is under way; `label` is
 * what a screen reader hears. Renders nothing when not busy.
 */
export function BusyOverlay({ busy, label }: { busy: boolean; label: string }) {
  if (!busy) return null;
  return (
    <Cover role="status" aria-label={label} aria-busy="true">
      <Spinner aria-hidden="true" />
    </Cover>
  );
}
