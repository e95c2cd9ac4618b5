import { useEffect, useState, type RefObject } from 'react';

/** Which sides of a scroll box hold content out of view, sideways. */
export interface SideScroll {
  before: boolean;
  after: boolean;
}

const NONE: SideScroll = { before: false, after: false };

/**
 * Follows whether a box scrolls sideways and how far: read after layout (a resize of the
 * box or of its content, a scroll), never while React renders, so it costs no forced layout.
 * `shown` is false while the box is not rendered: it is observed once it is.
 */
export function useSideScroll(box: RefObject<HTMLElement | null>, shown = true): SideScroll {
  const [state, setState] = useState<SideScroll>(NONE);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const read = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const left = Math.abs(element.scrollLeft);
      const next = { before: hidden > 1 && left > 1, after: hidden > 1 && left < hidden - 1 };
      setState((old) => (old.before === next.before && old.after === next.after ? old : next));
    };
    const observer = new ResizeObserver(read);
    observer.observe(element);
    // The content's width changes with the columns a box's width picks and with the rows it holds.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', read, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', read);
    };
  }, [box, shown]);
  return state;
}
