import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, UPLOAD_CLOSE_DELAY_MS } from '../../../src/domain/constants';
import { messages } from '../../../src/domain/messages';
import { buildTheme } from '../../../src/ui/theme/theme';
import { UploadArea, type UploadJob } from '../../../src/ui/upload/UploadArea';
import '../support/setup';

/** An XMLHttpRequest that records the PUT and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const theme = buildTheme(DEFAULT_THEME);
const file = new File(['code,price\nA1,2.50\n'], 'prices.csv', { type: 'text/csv' });

function renderArea(props: Partial<React.ComponentProps<typeof UploadArea>> = {}) {
  const handlers = { requestUploadUrl: vi.fn(async () => '/files/upload/abc'), onUploaded: vi.fn(), onClose: vi.fn() };
  const ui = (job?: UploadJob) => (
    <ThemeProvider theme={theme}>
      <UploadArea label="Price file" accept=".csv,.xlsx" uploadFailedText={messages.uploadUrlFailed} {...handlers} {...props} job={job} />
    </ThemeProvider>
  );
  const view = render(ui());
  return { ...view, ...handlers, withJob: (job: UploadJob) => view.rerender(ui(job)) };
}

const choose = () => fireEvent.change(screen.getByLabelText('Choose or drop the price file'), { target: { files: [file] } });

describe('UploadArea', () => {
  it('PUTs the file as octet-stream with progress, reports the job, and closes 3 s after success', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { onUploaded, onClose } = renderArea();
    choose();
    await vi.waitFor(() => expect(FakeXhr.last?.url).toBe('/files/upload/abc'));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    vi.useFakeTimers();
    await act(async () => xhr.answer(200, '{"jobId":7}'));
    expect(onUploaded).toHaveBeenCalledWith(7);
    act(() => vi.advanceTimersByTime(UPLOAD_CLOSE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says Something's wrong! for an answer outside 200-299", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { onUploaded } = renderArea();
    choose();
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBe(file));
    await act(async () => FakeXhr.last!.answer(413));
    expect(screen.getByRole('alert').textContent).toBe(messages.uploadFailed);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the screen's own text when no upload URL can be had", async () => {
    renderArea({ requestUploadUrl: vi.fn(async () => Promise.reject(new Error('offline'))) });
    choose();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.uploadUrlFailed);
  });

  it('keeps a refused import open with its row errors, and closes after a good one', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { withJob, onClose } = renderArea();
    choose();
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBe(file));
    vi.useFakeTimers();
    await act(async () => FakeXhr.last!.answer(201, '{"jobId":9}'));
    withJob({ state: 'running' });
    expect(screen.getByRole('status').textContent).toMatch(/being imported/);
    withJob({ state: 'failed', errors: ['Row 3: price must be a number'] });
    act(() => vi.advanceTimersByTime(UPLOAD_CLOSE_DELAY_MS * 2));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(screen.getByRole('alert')).getByText('Row 3: price must be a number')).toBeTruthy();
    withJob({ state: 'done', rowsImported: 12 });
    expect(screen.getByRole('status').textContent).toBe('The file was imported: 12 rows.');
    act(() => vi.advanceTimersByTime(UPLOAD_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
