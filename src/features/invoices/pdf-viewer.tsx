import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import PdfWorker from 'pdfjs-dist/build/pdf.worker.min.mjs?worker';
import { useEffect, useRef, useState } from 'react';
import { PDF_ZOOM_STEP } from '../../domain/constants';
import { formatMessage } from '../../domain/messages';
import { Button } from '../../ui/button/Button';
import { LinkButton } from '../../ui/button/LinkButton';
import { PageBox, PageCount, PageScroll, Viewer, ViewerBar, ZoomValue } from './pdf-viewer.styles';
import { MutedText } from '../../ui/page';

/** This module is loaded only by the invoice screen (see pdf-pane.tsx), and with it pdf.js and its worker. */

const MIN_ZOOM = 0.4;
const MAX_ZOOM = 3;
/** Zoom 1 fits the page to the pane's width; each step adds or takes the spec's 0.2. */
const stepZoom = (zoom: number, direction: 1 | -1) => Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom + direction * PDF_ZOOM_STEP)) * 10) / 10;

function ensureWorker(): void {
  GlobalWorkerOptions.workerPort ??= new PdfWorker();
}

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Fetches the file itself (through the service worker, whose cache keeps PDFs for
 * offline use) and hands pdf.js the bytes: pdf.js's own range requests would bypass
 * what the cache holds.
 */
function usePdfDocument(url: string) {
  const [state, setState] = useState<{ doc: PDFDocumentProxy | null; failed: boolean }>({ doc: null, failed: false });
  useEffect(() => {
    let live = true;
    let loaded: PDFDocumentProxy | null = null;
    setState({ doc: null, failed: false });
    ensureWorker();
    fetch(url, { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`PDF ${response.status}`);
        return response.arrayBuffer();
      })
      // No eval: the portal's Content-Security-Policy has no 'unsafe-eval', and pdf.js draws without it.
      .then((data) => getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise)
      .then(
        (doc) => {
          loaded = doc;
          if (live) setState({ doc, failed: false });
          else void doc.destroy();
        },
        () => live && setState({ doc: null, failed: true }),
      );
    return () => {
      live = false;
      void loaded?.destroy();
    };
  }, [url]);
  return state;
}

interface PdfViewerProps {
  url: string;
  fileName: string;
}

/** The invoice's PDF, one page at a time: download, previous and next page, zoom in steps of 0.2, 'Page x of y'. */
export default function PdfViewer({ url, fileName }: PdfViewerProps) {
  const { doc, failed } = usePdfDocument(url);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1);
  const scroll = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const width = useWidth(scroll);
  const pageCount = doc?.numPages ?? 0;

  useEffect(() => {
    if (!doc || width <= 0 || !canvas.current || !text.current || !box.current) return;
    let cancelled = false;
    let cancel: (() => void) | null = null;
    const target = canvas.current;
    const layer = text.current;
    const frame = box.current;
    void doc.getPage(pageNumber).then(async (page) => {
      if (cancelled) return;
      const fit = (width - 16) / page.getViewport({ scale: 1 }).width;
      const scale = fit * zoom;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      frame.style.width = `${Math.floor(viewport.width)}px`;
      frame.style.setProperty('--scale-factor', String(scale));
      const render = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      layer.replaceChildren();
      const textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      cancel = () => {
        render.cancel();
        textLayer.cancel();
      };
      try {
        await Promise.all([render.promise, textLayer.render()]);
        if (!cancelled) setDrawn(`${pageNumber}@${zoom}`);
      } catch {
        // A newer page or zoom cancelled this drawing; that one reports itself.
      }
    });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [doc, pageNumber, zoom, width]);

  return (
    <Viewer>
      <ViewerBar role="toolbar" aria-label="PDF">
        <LinkButton href={url} download={fileName}>
          Download
        </LinkButton>
        <Button variant="outlined" onClick={() => setPageNumber((n) => n - 1)} disabled={pageNumber <= 1}>
          Previous page
        </Button>
        <Button variant="outlined" onClick={() => setPageNumber((n) => n + 1)} disabled={pageNumber >= pageCount}>
          Next page
        </Button>
        <Button variant="outlined" onClick={() => setZoom((z) => stepZoom(z, -1))} disabled={zoom <= MIN_ZOOM} aria-label="Zoom out">
          −
        </Button>
        <ZoomValue aria-label="Zoom">{`${Math.round(zoom * 100)}%`}</ZoomValue>
        <Button variant="outlined" onClick={() => setZoom((z) => stepZoom(z, 1))} disabled={zoom >= MAX_ZOOM} aria-label="Zoom in">
          +
        </Button>
        <PageCount aria-live="polite">{pageCount > 0 ? formatMessage.pageOf(pageNumber, pageCount) : ''}</PageCount>
      </ViewerBar>
      {/* Focusable, so a keyboard can scroll a zoomed page. */}
      <PageScroll ref={scroll} tabIndex={0} role="region" aria-label="PDF page">
        {failed && <MutedText role="alert">The PDF could not be loaded: it is not saved on this device and the server cannot be reached.</MutedText>}
        {!failed && !doc && <MutedText role="status">Loading PDF…</MutedText>}
        <PageBox ref={box} hidden={!doc} data-drawn={drawn ?? undefined} data-testid="pdf-page">
          <canvas ref={canvas} aria-hidden="true" />
          <div ref={text} className="textLayer" />
        </PageBox>
      </PageScroll>
    </Viewer>
  );
}
