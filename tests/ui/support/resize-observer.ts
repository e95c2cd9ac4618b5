/**
 * A ResizeObserver for jsdom, which lays nothing out: like a browser's, it reports each
 * element once after `observe`, with the size the test gave it (see giveElementsASize).
 */
export class ReportOnceResizeObserver {
  private observed = new Set<Element>();

  constructor(private readonly callback: ResizeObserverCallback) {}

  observe(target: Element): void {
    this.observed.add(target);
    queueMicrotask(() => {
      if (!this.observed.has(target)) return;
      const rect = target.getBoundingClientRect();
      const size = [{ inlineSize: rect.width, blockSize: rect.height }];
      const entry = { target, contentRect: rect, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size };
      this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    });
  }

  unobserve(target: Element): void {
    this.observed.delete(target);
  }

  disconnect(): void {
    this.observed.clear();
  }
}
