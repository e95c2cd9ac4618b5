import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { UPLOAD_CLOSE_DELAY_MS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { Button } from '../button/Button';
import { DropZone, ErrorList, Outcome, Progress, UploadRoot } from './upload.styles';
import { jobIdOf, putFile } from './put-file';

export interface UploadJob {
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Rows the import took in, when it is done. */
  rowsImported?: number;
  /** The job's errors (row errors of a refused file). */
  errors?: readonly string[];
}

interface UploadAreaProps {
  /** What is uploaded, e.g. "Price file". */
  label: string;
  /** The file input's accept list, e.g. ".csv,.xlsx". */
  accept?: string;
  /** Asks the server for a signed upload URL for the file picked. */
  requestUploadUrl: (file: File) => Promise<string>;
  /** Shown when asking for the URL fails (the spec words it per screen). */
  uploadFailedText: string;
  /** The PUT succeeded; `jobId` when the server queued an import job for the file. */
  onUploaded: (jobId: number | undefined) => void;
  onClose: () => void;
  /** The import job of the last upload, as the feature follows it. */
  job?: UploadJob;
}

type Phase =
  | { name: 'idle' }
  | { name: 'requesting' }
  | { name: 'sending'; fraction: number }
  | { name: 'sent' }
  | { name: 'failed'; text: string };

/**
 * Upload of one file: a signed URL is asked for, the file is PUT with a progress bar,
 * and the area closes itself 3 seconds after success (the spec's delay), unless the
 * file's import job is still running or refused the file, whose errors stay in view.
 */
export function UploadArea({ label, accept, requestUploadUrl, uploadFailedText, onUploaded, onClose, job }: UploadAreaProps) {
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const jobSettledWell = !job || job.state === 'done';
  useEffect(() => {
    if (phase.name !== 'sent' || !jobSettledWell) return;
    const timer = setTimeout(onClose, UPLOAD_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase.name, jobSettledWell, onClose]);

  async function send(file: File) {
    setPhase({ name: 'requesting' });
    let url: string;
    try {
      url = await requestUploadUrl(file);
    } catch {
      setPhase({ name: 'failed', text: uploadFailedText });
      return;
    }
    abort.current = new AbortController();
    setPhase({ name: 'sending', fraction: 0 });
    try {
      const result = await putFile(url, file, (fraction) => setPhase({ name: 'sending', fraction }), abort.current.signal);
      if (result.status < 200 || result.status > 299) {
        setPhase({ name: 'failed', text: messages.uploadFailed });
        return;
      }
      setPhase({ name: 'sent' });
      onUploaded(jobIdOf(result.body));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPhase({ name: 'failed', text: messages.uploadFailed });
    }
  }

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const busy = phase.name === 'requesting' || phase.name === 'sending';
  return (
    <UploadRoot aria-label={label} role="group">
      <DropZone
        $active={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor={inputId}>{`Choose or drop the ${label.toLowerCase()}`}</label>
        <input id={inputId} type="file" accept={accept} onChange={pick} disabled={busy} />
      </DropZone>
      {phase.name === 'requesting' && <Outcome role="status">Preparing the upload…</Outcome>}
      {phase.name === 'sending' && (
        <Progress role="progressbar" aria-label={`Uploading ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(phase.fraction * 100)}>
          <span style={{ width: `${Math.round(phase.fraction * 100)}%` }} />
        </Progress>
      )}
      {phase.name === 'failed' && (
        <Outcome role="alert" $tone="error">
          {phase.text}
        </Outcome>
      )}
      {phase.name === 'sent' && <UploadedOutcome job={job} />}
      <Button variant="text" onClick={onClose}>
        Close
      </Button>
    </UploadRoot>
  );
}

function UploadedOutcome({ job }: { job: UploadJob | undefined }) {
  if (!job) return <Outcome role="status">The file was uploaded.</Outcome>;
  if (job.state === 'queued' || job.state === 'running') return <Outcome role="status">The file was uploaded and is being imported…</Outcome>;
  if (job.state === 'done') {
    const rows = job.rowsImported;
    return <Outcome role="status">{rows === undefined ? 'The file was imported.' : `The file was imported: ${rows} ${rows === 1 ? 'row' : 'rows'}.`}</Outcome>;
  }
  return (
    <Outcome role="alert" $tone="error">
      The file was refused and nothing was imported:
      <ErrorList>
        {(job.errors?.length ? job.errors : [messages.uploadFailed]).map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ErrorList>
    </Outcome>
  );
}
