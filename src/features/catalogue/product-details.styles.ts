import styled from 'styled-components';

export const Header = styled.div`
  display: grid;
  gap: 8px;
  margin-bottom: 16px;
`;

export const Crumbs = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.color.textMuted};

  li + li::before {
    content: '›';
    margin-right: 4px;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) minmax(0, 1fr);
  gap: 8px 16px;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 24px;
  margin: 8px 0 16px;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.color.accent};
    font-weight: 600;
  }
`;

export const ScrollTabs = styled.div`
  overflow-x: auto;
`;

export const Slides = styled.div`
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surfaceSunken};
`;

export const SlideTrack = styled.div`
  display: flex;
  touch-action: pan-y pinch-zoom;
`;

export const Slide = styled.button`
  flex: 0 0 100%;
  min-width: 0;
  height: 220px;
  padding: 8px;
  border: none;
  background: transparent;
  cursor: zoom-in;

  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

export const CarouselControls = styled.div`
  display: flex;
  justify-content: center;
  gap: 8px;
  margin: 8px 0 16px;
`;

export const BarcodeRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 24px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  img {
    max-width: 100%;
    height: 80px;
    background: #ffffff;
    padding: 8px;
  }
`;

export const PlainList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const Frame = styled.iframe`
  width: 100%;
  height: 50vh;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: #ffffff;
`;

export const SectionTitle = styled.h3`
  margin: 24px 0 8px;
  font-size: 1rem;
`;

export const TabLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;

  svg {
    color: ${({ theme }) => theme.color.error};
  }
`;
