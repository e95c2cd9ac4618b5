import { useState } from 'react';
import { usePricelists } from '../../local/hooks/use-pricelists';
import { useViewedOrg } from '../../local/session/use-viewed-org';
import { Button } from '../../ui/button/Button';
import { Notice, Page, PageTitle } from '../../ui/page';
import { SplitPane } from '../../ui/split-pane/SplitPane';
import { PricelistDetail } from './pricelist-detail';
import { PricelistList } from './pricelist-list';
import { PricelistNameForm } from './pricelist-name-form';
import { ButtonRow } from '../../ui/form-parts';
import { PaneContent, SplitBox } from './pricelists.styles';

export function PricelistsScreen() {
  const { perspective, orgId, ownOrgId } = useViewedOrg();
  return (
    <Page>
      <PageTitle>Pricelists</PageTitle>
      {perspective === 'SUPPLIER' ? (
        <Pricelists sellerId={orgId} ownOrgId={ownOrgId} />
      ) : (
        <Notice>Please, assume the role of a seller to see its pricelists.</Notice>
      )}
    </Page>
  );
}

/** The split view: the list of pricelists and the form of the selected one (or of a new one). */
function Pricelists({ sellerId, ownOrgId }: { sellerId: string; ownOrgId: string }) {
  const { pricelists, loadMore, loading, exhausted } = usePricelists(sellerId);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = pricelists?.find((p) => p.key === selectedKey) ?? null;

  const left = (
    <PaneContent>
      <ButtonRow>
        <Button onClick={() => setSelectedKey(null)}>Add pricelist</Button>
      </ButtonRow>
      <PricelistList
        pricelists={pricelists}
        selectedKey={selected?.key ?? null}
        onSelect={(row) => setSelectedKey(row.key)}
        loadMore={loadMore}
        loading={loading}
        exhausted={exhausted}
      />
    </PaneContent>
  );
  const right = selected ? (
    <PricelistDetail key={selected.key} sellerId={sellerId} ownOrgId={ownOrgId} pricelist={selected} />
  ) : (
    <PaneContent>
      <PricelistNameForm key="new" sellerId={sellerId} pricelist={null} />
    </PaneContent>
  );
  return (
    <SplitBox>
      <SplitPane left={left} right={right} labelLeft="Pricelist list" labelRight="Pricelist form" defaultLeft={35} />
    </SplitBox>
  );
}
