import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Message } from './invoice-detail.styles';

/** pdf.js and its worker are a chunk of their own, fetched the first time an invoice shows a PDF. */
const PdfViewer = lazy(() => import('./pdf-viewer'));

/** If the viewer's chunk cannot load (an old version's files gone, offline before it was ever cached), say so. */
class ViewerFailed extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function PdfPane({ url, fileName }: { url: string; fileName: string }) {
  return (
    <ViewerFailed
      fallback={
        <Message role="alert">
          The PDF viewer could not be loaded. <a href={url} download={fileName}>Download the PDF</a> instead.
        </Message>
      }
    >
      <Suspense fallback={<Message role="status">Loading PDF…</Message>}>
        <PdfViewer url={url} fileName={fileName} />
      </Suspense>
    </ViewerFailed>
  );
}
