import { Button } from '../../ui/button/Button';
import { JobErrors, JobItem, JobList } from './catalogue.styles';
import type { TrackedJob } from './use-job-tracker';

const STATE_TEXT: Record<TrackedJob['state'], string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
};

/** Every job the user started here, with its state and errors, until dismissed. */
export function JobStatusList({ jobs, onDismiss }: { jobs: TrackedJob[]; onDismiss: (key: string) => void }) {
  if (jobs.length === 0) return null;
  return (
    <JobList aria-label="Jobs">
      {jobs.map((job) => (
        <JobItem key={job.key} $failed={job.state === 'failed'} aria-label={job.label}>
          <span role="status">
            {job.label}: {STATE_TEXT[job.state]}
            {job.state === 'done' && job.rows !== null ? ` (${job.rows} rows)` : ''}
          </span>
          <Button variant="text" onClick={() => onDismiss(job.key)}>
            Dismiss
          </Button>
          {job.errors.length > 0 && (
            <JobErrors aria-label={`${job.label} errors`}>
              {job.errors.map((error, i) => (
                <li key={i}>{error}</li>
              ))}
            </JobErrors>
          )}
        </JobItem>
      ))}
    </JobList>
  );
}
