import { useCallback, useState } from 'react';
import { requestPriceUploadUrl } from '../../local/online/file-calls';
import { messages } from '../../domain/messages';
import { touchesRow, useLatestEntry } from '../../local/hooks/use-latest-entry';
import { usePrices, type PricelistRow } from '../../local/hooks/use-pricelists';
import { useUploadRefresh } from '../../local/hooks/use-upload-refresh';
import { isTemporaryKey, scopeId } from '../../local/db/store-keys';
import { Button } from '../../ui/button/Button';
import { UploadArea } from '../../ui/upload/UploadArea';
import { MapUniversitiesDrawer } from './map-universities-drawer';
import { PricelistNameForm } from './pricelist-name-form';
import { PricesTable } from './prices-table';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import { PaneContent, SectionTitle } from './pricelists.styles';

interface PricelistDetailProps {
  sellerId: string;
  ownOrgId: string;
  pricelist: PricelistRow;
  /** False for a user who reads pricelists only: no rename, upload or mapping. */
  mayEdit: boolean;
}

/** The form of one pricelist; one still being added shows its name only until the server has it. */
export function PricelistDetail(props: PricelistDetailProps) {
  if (isTemporaryKey(props.pricelist.key)) {
    return (
      <PaneContent>
        <PricelistNameForm sellerId={props.sellerId} pricelist={props.pricelist} />
      </PaneContent>
    );
  }
  return <SavedPricelistDetail {...props} />;
}

/** A saved pricelist: its name, the price file upload, the universities it applies to, its prices. */
function SavedPricelistDetail({ sellerId, ownOrgId, pricelist, mayEdit }: PricelistDetailProps) {
  const prices = usePrices(sellerId, pricelist.key);
  const [uploading, setUploading] = useState(false);
  const [mapping, setMapping] = useState(false);
  const upload = useUploadRefresh(sellerId, prices.reload);
  const { reset } = upload;
  const closeUpload = useCallback(() => {
    setUploading(false);
    reset();
  }, [reset]);
  const touch = { table: 'pricelists' as const, scope: scopeId('seller', sellerId), key: pricelist.key };
  const mappingEntry = useLatestEntry((e) => e.kind === 'pricelist.mapping' && touchesRow(e, touch), [touch.scope, touch.key]);

  if (!mayEdit) {
    return (
      <PaneContent>
        <SectionTitle>{pricelist.name}</SectionTitle>
        <PricesTable prices={prices} />
      </PaneContent>
    );
  }
  return (
    <PaneContent>
      <PricelistNameForm key={pricelist.key} sellerId={sellerId} pricelist={pricelist} />
      <ButtonRow>
        <Button variant="outlined" onClick={() => setUploading(true)} disabled={uploading}>
          Request Upload
        </Button>
        <Button variant="outlined" onClick={() => setMapping(true)}>
          Map Universities
        </Button>
        {mappingEntry?.state === 'pending' && <StatusText role="status">Mapping waiting to be sent</StatusText>}
        {mappingEntry?.state === 'failed' && <StatusText role="alert">The mapping was refused: open Map Universities to see why.</StatusText>}
      </ButtonRow>
      {uploading && (
        <UploadArea
          label="Price file"
          accept=".csv"
          requestUploadUrl={() => requestPriceUploadUrl(sellerId, pricelist.key)}
          uploadFailedText={messages.somethingWentWrongUpload}
          onUploaded={upload.onUploaded}
          onClose={closeUpload}
          job={upload.job}
        />
      )}
      <SectionTitle>Prices</SectionTitle>
      <PricesTable prices={prices} />
      <MapUniversitiesDrawer
        open={mapping}
        onOpenChange={setMapping}
        sellerId={sellerId}
        ownOrgId={ownOrgId}
        pricelist={pricelist}
        refused={mappingEntry?.state === 'failed' ? mappingEntry.errors : []}
      />
    </PaneContent>
  );
}
