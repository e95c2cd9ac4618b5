import { elementScroll, type VirtualizerOptions } from '@tanstack/react-virtual';

type Options = VirtualizerOptions<HTMLDivElement, Element>;

/*
 * The virtualizer's defaults read or write the boxes' geometry as the table mounts, inside
 * React's commit: each such access forces a layout of the whole page in the render's task,
 * one of the longest of a list's first load. These options leave every read to the resize
 * observer, which reports once the browser has laid the page out, before it paints.
 */

/**
 * A row's height as the resize observer reports it; asked at commit (no report yet), the
 * size known so far.
 */
export const sizeAfterLayout: Options['measureElement'] = (element, entry, instance) => {
  // borderBoxSize is missing before Safari 15.4: the size known so far stands in.
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
};

/**
 * The scroll box's size as the resize observer reports it (its first report comes with the
 * first layout); until then `initialRect` stands in. Without the observer (old browsers,
 * jsdom) it is read at once, as the default does.
 */
export const rectAfterLayout: Options['observeElementRect'] = (instance, report) => {
  const element = instance.scrollElement;
  if (!element) return;
  const read = () => report({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) });
  if (typeof ResizeObserver === 'undefined') {
    read();
    return;
  }
  const observer = new ResizeObserver(read);
  observer.observe(element);
  return () => observer.disconnect();
};

/**
 * Scrolls the box, but leaves a box at the top that is asked to go to the top: the
 * virtualizer writes its offset as it mounts, and there the write changes nothing.
 */
export const scrollUnlessThere: Options['scrollToFn'] = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === 0 && (instance.scrollOffset ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};

/**
 * The scroll box's size before the observer reports it: the screen's height, which the
 * box's seldom exceeds, so the first render holds the rows in view (reading the window's
 * size would force a layout too). A taller box gets its other rows from the report.
 */
export const rectBeforeLayout = (): { width: number; height: number } => ({ width: 0, height: typeof screen === 'undefined' ? 0 : screen.availHeight });
