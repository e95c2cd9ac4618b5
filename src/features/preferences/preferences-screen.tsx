import type { ReactNode } from 'react';
import { can } from '../../domain/roles';
import { useViewedOrg } from '../../local/session/use-viewed-org';
import { Notice, Page, PageTitle } from '../../ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AccountNoPanel } from './account-no-panel';
import { AsnRecipientsPanel } from './asn-recipients-panel';
import { CategoryTreePanel } from './category-tree-panel';
import { InvoiceMatchingPanel } from './invoice-matching-panel';
import { OtherAccountPropertiesPanel } from './other-account-properties-panel';
import { TaxCodesPanel } from './tax-codes-panel';

interface PanelSpec {
  id: string;
  title: string;
  panel: ReactNode;
}

/**
 * Preferences of the organisation being viewed (the assumed one for support): each
 * role sees its own panels, as the capability table says.
 */
export function PreferencesScreen() {
  const { perspective, orgId, ownOrgId, viewer } = useViewedOrg();
  if (perspective === 'SUPPORT') {
    return (
      <Page>
        <PageTitle>Preferences</PageTitle>
        <Notice>Please, assume a role of either seller or buyer to see their preferences.</Notice>
      </Page>
    );
  }
  const panels: PanelSpec[] = [];
  if (can(viewer, 'manageAsnRecipients')) panels.push({ id: 'asn', title: 'ASN Recipients', panel: <AsnRecipientsPanel sellerId={orgId} /> });
  if (can(viewer, 'editCategoryTree')) panels.push({ id: 'categories', title: 'Categories', panel: <CategoryTreePanel buyerId={orgId} /> });
  if (can(viewer, 'editTaxCodes')) panels.push({ id: 'tax', title: 'Tax Codes', panel: <TaxCodesPanel buyerId={orgId} /> });
  if (can(viewer, 'editInvoiceMatching')) panels.push({ id: 'matching', title: 'Invoice Matching', panel: <InvoiceMatchingPanel buyerId={orgId} /> });
  if (can(viewer, 'editAccountCodes')) panels.push({ id: 'account-no', title: 'Account No', panel: <AccountNoPanel buyerId={orgId} ownOrgId={ownOrgId} /> });
  panels.push({
    id: 'other',
    title: 'Account Properties',
    panel: (
      <OtherAccountPropertiesPanel
        orgId={orgId}
        ownOrgId={ownOrgId}
        counterpartType={perspective === 'SUPPLIER' ? 2 : 1}
        mayEdit={can(viewer, 'editProperties')}
      />
    ),
  });

  return (
    <Page>
      <PageTitle>Preferences</PageTitle>
      <Tabs defaultValue={panels[0]!.id}>
        <TabList aria-label="Preferences">
          {panels.map((p) => (
            <Tab key={p.id} value={p.id}>
              {p.title}
            </Tab>
          ))}
        </TabList>
        {panels.map((p) => (
          <TabPanel key={p.id} value={p.id}>
            {p.panel}
          </TabPanel>
        ))}
      </Tabs>
    </Page>
  );
}
