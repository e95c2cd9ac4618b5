import styled, { keyframes } from 'styled-components';

/** Camera beside the lines on a landscape screen, above them on a portrait one. */
export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr);
  gap: 16px;
  height: 100%;
  padding: 12px;
  box-sizing: border-box;
  @media (orientation: portrait), (max-width: 700px) {
    grid-template-columns: 1fr;
    grid-template-rows: minmax(240px, 1fr) auto;
  }
`;

export const Viewfinder = styled.div`
  position: relative;
  overflow: hidden;
  min-height: 240px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: #000;
`;

export const Video = styled.video`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

/** The aiming box: a barcode inside it is the one counted. */
export const ViewfinderFrame = styled.div`
  position: absolute;
  inset: 25% 12%;
  border: 3px solid rgba(255, 255, 255, 0.9);
  border-radius: ${({ theme }) => theme.radius.small};
  box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.35);
  pointer-events: none;
`;

export const CameraNote = styled.p`
  position: absolute;
  right: 8px;
  bottom: 8px;
  left: 8px;
  margin: 0;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: rgba(0, 0, 0, 0.6);
  color: #fff;
`;

export const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-height: 0;
  overflow: auto;
`;

export const WedgeField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  input {
    min-height: 44px;
    padding: 0 12px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.color.surface};
    color: inherit;
    font: inherit;
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

export const Status = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceSunken};
  &[data-tone='ok'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-tone='refused'] {
    color: ${({ theme }) => theme.color.error};
    font-weight: 600;
  }
`;

export const LineList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const flash = keyframes`
  from { background: rgba(30, 123, 52, 0.35); }
  to { background: transparent; }
`;

export const LineRow = styled.li`
  display: grid;
  grid-template-columns: 2.5em minmax(0, 1fr) auto;
  gap: 8px;
  padding: 10px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  &[data-highlight] {
    animation: ${flash} 1.2s ease-out;
    outline: 2px solid ${({ theme }) => theme.color.success};
    outline-offset: -2px;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-highlight] {
      animation: none;
    }
  }
`;

export const PackageBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  ol {
    margin: 0;
    padding-left: 1.5em;
  }
  li[data-open] {
    font-weight: 600;
  }
  [role='alert'] {
    color: ${({ theme }) => theme.color.warning};
  }
`;

export const PackageControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  select {
    min-height: 44px;
    padding: 0 8px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.color.surface};
    color: inherit;
    font: inherit;
  }
`;
