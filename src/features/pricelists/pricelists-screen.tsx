import { useState } from 'react';
import { can } from '../../domain/roles';
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
  const { perspective, orgId, ownOrgId, viewer } = useViewedOrg();
  return (
    <Page>
      <PageTitle>Pricelists</PageTitle>
      {perspective === 'SUPPLIER' ? (
        <Pricelists sellerId={orgId} ownOrgId={ownOrgId} mayEdit={can(viewer, 'editPricelists')} />
      ) : (
        <Notice>Please, assume the role of a seller to see its pricelists.</Notice>
      )}
    </Page>
  );
}

/**
 * The split view: the list of pricelists and the form of the selected one (or of a new
 * one). A user who may not change pricelists (a REGULAR user) reads them only.
 */
function Pricelists({ sellerId, ownOrgId, mayEdit }: { sellerId: string; ownOrgId: string; mayEdit: boolean }) {
  const { pricelists, loadMore, loading, exhausted } = usePricelists(sellerId);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = pricelists?.find((p) => p.key === selectedKey) ?? null;

  const left = (
    <PaneContent>
      {mayEdit && (
        <ButtonRow>
          <Button onClick={() => setSelectedKey(null)}>Add pricelist</Button>
        </ButtonRow>
      )}
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
    <PricelistDetail key={selected.key} sellerId={sellerId} ownOrgId={ownOrgId} pricelist={selected} mayEdit={mayEdit} />
  ) : !mayEdit ? (
    <PaneContent>
      <Notice>Choose a pricelist to see its prices.</Notice>
    </PaneContent>
  ) : (
    <PaneContent>
      <PricelistNameForm key="new" sellerId={sellerId} pricelist={null} />
    </PaneContent>
  );
  return (
    <SplitBox>
      <SplitPane left={left} right={right} labelLeft="Pricelist list" labelRight="Pricelist form" defaultLeft={45} />
    </SplitBox>
  );
}
