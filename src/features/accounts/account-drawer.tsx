import { useState } from 'react';
import { hasUomMapping } from '../../domain/rules/accounts';
import { useAccount, useAccountOutbox, useAccountScopeMirror, useSavedKey } from '../../local/hooks/use-accounts';
import { isTemporaryKey } from '../../sync/commands/collection-item';
import { BusyOverlay } from '../../ui/busy-overlay/BusyOverlay';
import { Drawer } from '../../ui/drawer/Drawer';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AccountBasicForm } from './account-basic-form';
import { AccountPropertiesTab } from './account-properties-tab';
import { DrawerContent, ErrorList } from './accounts.styles';
import { UomMappingTab } from './uom-mapping-tab';

interface AccountDrawerProps {
  supportOrgId: string;
  /** The account shown; null for a new one. */
  accountKey: string | null;
  onSelect(key: string | null): void;
  onClose(): void;
}

/**
 * 'Add/Edit Account': Basic Info; Properties once an account is selected; UOM Mapping
 * for suppliers. While this account's changes wait to be sent, a busy overlay covers it;
 * changes the server refused are listed with its errors.
 */
export function AccountDrawer({ supportOrgId, accountKey, onSelect, onClose }: AccountDrawerProps) {
  const key = useSavedKey(supportOrgId, accountKey);
  const account = useAccount(supportOrgId, key);
  const { busy, refused } = useAccountOutbox(supportOrgId, key);
  const saved = key !== null && !isTemporaryKey(key);
  useAccountScopeMirror(saved ? key : null, busy);
  const [tab, setTab] = useState('basic');
  const uom = hasUomMapping(account);
  const current = (tab === 'properties' && !saved) || (tab === 'uom' && !(saved && uom)) ? 'basic' : tab;

  return (
    <Drawer open onOpenChange={(open) => !open && onClose()} title="Add/Edit Account">
      <DrawerContent aria-busy={busy}>
        {refused.length > 0 && (
          <ErrorList role="alert" aria-label="Changes not sent">
            {refused.flatMap((entry) => (entry.errors ?? []).map((error, i) => <li key={`${entry.id}-${i}`}>{error}</li>))}
          </ErrorList>
        )}
        <Tabs value={current} onValueChange={setTab}>
          <TabList aria-label="Account">
            <Tab value="basic">Basic Info</Tab>
            <Tab value="properties" disabled={!saved}>
              Properties
            </Tab>
            {uom && (
              <Tab value="uom" disabled={!saved}>
                UOM Mapping
              </Tab>
            )}
          </TabList>
          <TabPanel value="basic">
            {/* A form per account: Save & New or another row loads fresh values. */}
            {account !== undefined && (
              <AccountBasicForm key={key ?? 'new'} supportOrgId={supportOrgId} account={account} onSelect={onSelect} onDeleted={onClose} />
            )}
          </TabPanel>
          {saved && (
            <TabPanel value="properties">
              <AccountPropertiesTab orgId={key} />
            </TabPanel>
          )}
          {saved && uom && (
            <TabPanel value="uom">
              <UomMappingTab orgId={key} />
            </TabPanel>
          )}
        </Tabs>
        <BusyOverlay busy={busy} label="Saving this account's changes" />
      </DrawerContent>
    </Drawer>
  );
}
