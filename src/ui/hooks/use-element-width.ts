import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * The content width of an element, kept current as it resizes: `undefined` until first
 * measured, so a caller can leave out what depends on it. The first measure comes from the
 * observer's first report, after the browser's own layout of the frame: read in the layout
 * effect, it forced that layout inside the commit, the longest part of a screen's first
 * render. The report renders at once (flushSync), before the frame is painted, so no frame
 * shows the columns of an unmeasured box. Without ResizeObserver (jsdom) the effect reads
 * the width itself.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(element.clientWidth);
      return;
    }
    const observer = new ResizeObserver(() => flushSync(() => setWidth(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
