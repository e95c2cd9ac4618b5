import { useState } from 'react';
import { exportCatalogue, requestTemplate, templateUploadUrl } from '../../local/online/file-calls';
import { messages } from '../../domain/messages';
import { catalogueToolset } from '../../domain/rules/catalogue';
import { useOnline } from '../../local/hooks/use-sync-state';
import { Button } from '../../ui/button/Button';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { UploadArea } from '../../ui/upload/UploadArea';
import { Bar } from './catalogue.styles';
import { JobStatusList } from './job-status-list';
import { useJobTracker } from './use-job-tracker';

const TEMPLATE = 'template';
const MODIFICATION = 'modification';
const EXPORT = 'export';

interface CatalogueToolsetProps {
  buyerId: string;
  sellerId: string;
  productCount: number;
  /** The viewer may generate, download and send back templates (an admin). */
  mayUseTemplates: boolean;
  /** The viewer may export the catalogue (an admin). */
  mayExport: boolean;
}

/**
 * The buyer's tools for the chosen supplier (spec sections 2, 4, 5, 8): Generate and
 * Download the template, Request Modification (upload the edited template), Export.
 * Each starts a job on the server whose state stays listed until dismissed.
 */
export function CatalogueToolset({ buyerId, sellerId, productCount, mayUseTemplates, mayExport }: CatalogueToolsetProps) {
  const { notify } = useSnackbar();
  const online = useOnline();
  const { jobs, track, dismiss, jobOf } = useJobTracker(buyerId);
  const [generating, setGenerating] = useState(false);
  const [uploading, setUploading] = useState(false);

  const template = jobOf(TEMPLATE);
  const exportJob = jobOf(EXPORT);
  const modification = jobOf(MODIFICATION);
  const downloadUrl = template?.state === 'done' ? template.downloadUrl : null;
  const tools = catalogueToolset({
    sellerId,
    downloadUrl,
    generating: generating || template?.state === 'queued' || template?.state === 'running',
    productCount,
    exportState: exportJob?.state ?? null,
    online,
  });

  const generate = () => {
    setGenerating(true);
    requestTemplate(buyerId, sellerId)
      .then(
        ({ jobId }) => track(TEMPLATE, 'Template file', jobId),
        () => notify({ variant: 'error', message: messages.templateGenerateFailed }),
      )
      .finally(() => setGenerating(false));
  };

  const runExport = () => {
    exportCatalogue(buyerId, sellerId).then(
      ({ jobId }) => {
        notify({ variant: 'info', message: messages.catalogueExportQueued });
        track(EXPORT, 'Catalogue export', jobId);
      },
      () => notify({ variant: 'error', message: messages.catalogueExportFailed }),
    );
  };

  const uploaded = (jobId: number | undefined) => jobId !== undefined && track(MODIFICATION, 'Modification request', jobId);
  const startUpload = () => {
    dismiss(MODIFICATION);
    setUploading(true);
  };

  return (
    <>
      {(mayUseTemplates || mayExport) && (
        <Bar role="toolbar" aria-label="Catalogue tools">
          {mayUseTemplates && (
            <>
              <Button variant="outlined" onClick={generate} disabled={!tools.generate}>
                Generate Template File
              </Button>
              <Button variant="outlined" disabled={!tools.download} onClick={() => downloadUrl && window.location.assign(downloadUrl)}>
                Download Template File
              </Button>
              <Button variant="outlined" onClick={startUpload} disabled={!tools.requestModification}>
                Request Modification
              </Button>
            </>
          )}
          {mayExport && (
            <Button onClick={runExport} disabled={!tools.export}>
              Export Catalogue
            </Button>
          )}
        </Bar>
      )}
      {uploading && (
        <UploadArea
          label="Modified template file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          requestUploadUrl={() => templateUploadUrl(buyerId, sellerId)}
          uploadFailedText={messages.uploadUrlFailed}
          onUploaded={uploaded}
          onClose={() => setUploading(false)}
          job={modification ? { state: modification.state, rowsImported: modification.rows ?? undefined, errors: modification.errors } : undefined}
        />
      )}
      <JobStatusList jobs={jobs} onDismiss={dismiss} />
    </>
  );
}
