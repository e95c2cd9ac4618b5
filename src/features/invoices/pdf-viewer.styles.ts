import styled from 'styled-components';

export const Viewer = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

export const ViewerBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  padding: 4px 0 8px;
`;

export const PageCount = styled.span`
  margin-inline-start: auto;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** An output: screen readers hear the new zoom after each step. */
export const ZoomValue = styled.output`
  min-width: 3.5em;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

/** The page scrolls inside this box (both ways when zoomed in); the screen around it never does. */
export const PageScroll = styled.div`
  flex: 1;
  min-height: 320px;
  overflow: auto;
  background: ${({ theme }) => theme.color.surfaceSunken};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: 8px;
`;

/**
 * One PDF page: the canvas, and over it pdf.js's text layer of transparent text, so
 * the page's text can be selected and copied. These are the text-layer rules of
 * pdfjs-dist/web/pdf_viewer.css that the layer needs, without the whole viewer's CSS.
 */
export const PageBox = styled.div`
  position: relative;
  margin: 0 auto;
  background: #fff;
  box-shadow: ${({ theme }) => theme.shadow.raised};
  --user-unit: 1;
  --total-scale-factor: calc(var(--scale-factor) * var(--user-unit));

  canvas {
    display: block;
  }

  .textLayer {
    position: absolute;
    text-align: initial;
    inset: 0;
    overflow: clip;
    opacity: 1;
    line-height: 1;
    text-size-adjust: none;
    forced-color-adjust: none;
    transform-origin: 0 0;
    caret-color: CanvasText;
    z-index: 0;
    --min-font-size: 1;
    --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
    --min-font-size-inv: calc(1 / var(--min-font-size));
  }

  .textLayer :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
  }

  .textLayer > :not(.markedContent),
  .textLayer .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }

  .textLayer .markedContent {
    display: contents;
  }

  .textLayer ::selection {
    background: rgba(0, 0, 255, 0.25);
  }

  .textLayer br::selection {
    background: transparent;
  }

  .textLayer .endOfContent {
    display: block;
    position: absolute;
    inset: 100% 0 0;
    z-index: 0;
    cursor: default;
    user-select: none;
  }
`;
