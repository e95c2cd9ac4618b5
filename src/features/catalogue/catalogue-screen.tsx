import { useCallback, useState, type ReactNode } from 'react';
import { priceFileUploadUrl } from '../../local/online/file-calls';
import { formatMessage, messages } from '../../domain/messages';
import { can } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { Notice, Page, PageTitle } from '../../ui/page';
import { UploadArea } from '../../ui/upload/UploadArea';
import { Bar, Grow, Muted } from './catalogue.styles';
import { CatalogueToolset } from './catalogue-toolset';
import { useChosenSupplier } from './chosen-supplier';
import { JobStatusList } from './job-status-list';
import { ProductDrawer } from './product-drawer';
import { ProductTable } from './product-table';
import { SupplierPicker } from './supplier-picker';
import { useCataloguePerspective } from './use-catalogue-perspective';
import { useIncludeProduct } from './use-include-product';
import { useJobTracker } from './use-job-tracker';

const PRICE_FILE = 'price-file';

interface CatalogueScreenProps {
  /** The accounts list with its assume-role action, composed by the route (features do not import each other). */
  accountsPicker?: ReactNode;
}

/** /app/catalogue: the supplier's own catalogue, a buyer's view of a chosen supplier, or support's prompt. */
export function CatalogueScreen({ accountsPicker }: CatalogueScreenProps) {
  const perspective = useCataloguePerspective();
  if (!perspective) {
    return (
      <Page>
        <PageTitle>Catalogue</PageTitle>
        <Notice>{messages.assumeRoleForCatalogue}</Notice>
        {accountsPicker}
      </Page>
    );
  }
  return perspective.side === 'seller' ? (
    <SupplierCatalogue sellerId={perspective.orgId} scope={perspective.scope} />
  ) : (
    <BuyerCatalogue buyerId={perspective.orgId} scope={perspective.scope} />
  );
}

function SupplierCatalogue({ sellerId, scope }: { sellerId: string; scope: string }) {
  const { companyName, viewer } = useActiveSession();
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  // The spec: after a price file is taken in, the product list is fetched again.
  const onSettled = useCallback((job: { state: string }) => job.state === 'done' && setGeneration((g) => g + 1), []);
  const { jobs, track, dismiss, jobOf } = useJobTracker(sellerId, onSettled);
  const priceJob = jobOf(PRICE_FILE);

  const uploaded = (jobId: number | undefined) => jobId !== undefined && track(PRICE_FILE, 'Price file', jobId);
  const startUpload = () => {
    // A new file starts afresh: the last file's outcome is not this one's.
    dismiss(PRICE_FILE);
    setUploading(true);
  };

  return (
    <Page>
      <PageTitle>Catalogue</PageTitle>
      <Bar>
        <Grow>
          <Muted>{companyName}</Muted>
        </Grow>
        {can(viewer, 'uploadPriceFile') && <Button onClick={startUpload}>Upload Price File</Button>}
      </Bar>
      {uploading && (
        <UploadArea
          label="Price file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          requestUploadUrl={() => priceFileUploadUrl(sellerId)}
          uploadFailedText={messages.uploadUrlFailed}
          onUploaded={uploaded}
          onClose={() => setUploading(false)}
          job={priceJob ? { state: priceJob.state, rowsImported: priceJob.rows ?? undefined, errors: priceJob.errors } : undefined}
        />
      )}
      <JobStatusList jobs={jobs} onDismiss={dismiss} />
      <ProductTable key={generation} scope={scope} sellerId={sellerId} onToggleIncluded={null} onOpen={setOpen} />
      <ProductDrawer scope={scope} sellerId={sellerId} buyerId={null} supplierName={companyName} productCode={open} onClose={() => setOpen(null)} onToggleIncluded={null} />
    </Page>
  );
}

function BuyerCatalogue({ buyerId, scope }: { buyerId: string; scope: string }) {
  const [supplier, setSupplier] = useChosenSupplier(buyerId);
  const [open, setOpen] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const toggle = useIncludeProduct(buyerId, supplier?.uniqueKey ?? '');
  const { viewer } = useActiveSession();
  // Curating the catalogue and its tools are an admin's; other users read it (src/domain/roles.ts).
  const mayInclude = can(viewer, 'includeProducts');

  if (!supplier) {
    return (
      <Page>
        <PageTitle>Catalogue</PageTitle>
        <SupplierPicker buyerId={buyerId} onPick={setSupplier} />
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle>{formatMessage.catalogueTitle(supplier.name)}</PageTitle>
      <Bar>
        <Button variant="text" onClick={() => setSupplier(null)}>
          Change supplier
        </Button>
      </Bar>
      <CatalogueToolset
        key={supplier.uniqueKey}
        buyerId={buyerId}
        sellerId={supplier.uniqueKey}
        productCount={count}
        mayUseTemplates={can(viewer, 'manageCatalogueTemplates')}
        mayExport={can(viewer, 'exportCatalogue')}
      />
      <ProductTable
        key={supplier.uniqueKey}
        scope={scope}
        sellerId={supplier.uniqueKey}
        onToggleIncluded={toggle}
        mayInclude={mayInclude}
        onOpen={setOpen}
        onCount={setCount}
      />
      <ProductDrawer
        scope={scope}
        sellerId={supplier.uniqueKey}
        buyerId={buyerId}
        supplierName={supplier.name}
        productCode={open}
        onClose={() => setOpen(null)}
        onToggleIncluded={toggle}
        mayInclude={mayInclude}
      />
    </Page>
  );
}
