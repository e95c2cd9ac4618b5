import { Component, lazy, Suspense, type ReactNode } from 'react';
import { MutedText } from '../../ui/page';

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
        <MutedText role="alert">
          The PDF viewer could not be loaded. <a href={url} download={fileName}>Download the PDF</a> instead.
        </MutedText>
      }
    >
      <Suspense fallback={<MutedText role="status">Loading PDF…</MutedText>}>
        <PdfViewer url={url} fileName={fileName} />
      </Suspense>
    </ViewerFailed>
  );
}
