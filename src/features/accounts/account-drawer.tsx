import { lazy, Suspense, useState } from 'react';
import { messages } from '../../domain/messages';
import { hasUomMapping, NEW_ACCOUNT_DEFAULTS } from '../../domain/rules/accounts';
import { useAccount, useAccountOutbox, useAccountScopeMirror, useSavedKey } from '../../local/hooks/use-accounts';
import { useOnline } from '../../local/hooks/use-sync-state';
import { isTemporaryKey } from '../../local/db/store-keys';
import { BusyOverlay } from '../../ui/busy-overlay/BusyOverlay';
import { Drawer } from '../../ui/drawer/Drawer';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AccountBasicForm } from './account-basic-form';
import { AccountPropertiesTab } from './account-properties-tab';
import type { OutboxEntry } from '../../local/db/store-rows';
import { ErrorList } from '../../ui/form-parts';
import { MutedText } from '../../ui/page';
import { DrawerContent } from './accounts.styles';
import { UomMappingTab } from './uom-mapping-tab';

// The Templates tab brings a regular-expression engine (re2js): loaded when support opens it, not with the accounts screen.
const ExtractionTemplatesTab = lazy(() => import('./extraction-templates-tab'));

const TAB_NAMES = { basic: 'Basic Info', properties: 'Properties', uom: 'UOM Mapping', templates: 'Templates' } as const;
type TabName = keyof typeof TAB_NAMES;

/** The tab whose form shows a refused change's errors at its fields; null for those no form shows (deletes). */
function formTabOf(entry: OutboxEntry): TabName | null {
  if (/^account\.(add|edit)$/.test(entry.kind)) return 'basic';
  if (/^(property|receivingEmail|senderSource|ediExport)\.(add|edit)$/.test(entry.kind)) return 'properties';
  return entry.kind === 'seller.uomMapping' ? 'uom' : null;
}

interface AccountDrawerProps {
  supportOrgId: string;
  /** The account shown; null for a new one. */
  accountKey: string | null;
  onSelect(key: string | null): void;
  onClose(): void;
}

/**
 * 'Add/Edit Account': Basic Info; Properties once an account is selected (a new one at
 * once: its key is made here); UOM Mapping and Templates (PDF extraction) for suppliers. While this account's changes are
 * being sent, a busy overlay covers it. Refused changes come back at their form's fields;
 * the list at the top holds only those no form on screen shows.
 */
export function AccountDrawer({ supportOrgId, accountKey, onSelect, onClose }: AccountDrawerProps) {
  const key = useSavedKey(supportOrgId, accountKey);
  const account = useAccount(supportOrgId, key);
  const { busy, waiting, refused } = useAccountOutbox(supportOrgId, key);
  const online = useOnline();
  // An account is there once its row is (its create may still be queued); a legacy temporary key waits for the server's.
  const saved = key !== null && !isTemporaryKey(key) && !!account;
  useAccountScopeMirror(saved ? key : null, busy || waiting);
  const [tab, setTab] = useState<TabName>('basic');
  // A new account has no row yet: its tabs follow the type its form holds.
  const [newType, setNewType] = useState<number>(NEW_ACCOUNT_DEFAULTS.type);
  const uom = hasUomMapping(account === null ? { type: newType } : account);
  const current = (tab === 'properties' && !saved) || ((tab === 'uom' || tab === 'templates') && !(saved && uom)) ? 'basic' : tab;
  const listed = refused.filter((entry) => formTabOf(entry) !== current);

  return (
    <Drawer open onOpenChange={(open) => !open && onClose()} title="Add/Edit Account">
      <DrawerContent aria-busy={busy}>
        {listed.length > 0 && (
          <ErrorList role="alert" aria-label="Changes not sent">
            {listed.flatMap((entry) => {
              const where = formTabOf(entry);
              return (entry.errors ?? []).map((error, i) => <li key={`${entry.id}-${i}`}>{where ? `${TAB_NAMES[where]}: ${error}` : error}</li>);
            })}
          </ErrorList>
        )}
        {waiting && <MutedText role="status">{messages.accountChangesWaiting}</MutedText>}
        <Tabs value={current} onValueChange={(value) => setTab(value as TabName)}>
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
            {uom && (
              <Tab value="templates" disabled={!saved}>
                Templates
              </Tab>
            )}
          </TabList>
          <TabPanel value="basic">
            {/* A form per account: Save & New or another row loads fresh values. */}
            {account !== undefined && (
              <AccountBasicForm
                key={key ?? 'new'}
                supportOrgId={supportOrgId}
                accountKey={key}
                account={account}
                onSelect={onSelect}
                onDeleted={onClose}
                onTypeChange={setNewType}
              />
            )}
          </TabPanel>
          {saved && (
            <TabPanel value="properties">
              <AccountPropertiesTab orgId={key} passwordSendable={online && !busy && !waiting} />
            </TabPanel>
          )}
          {saved && uom && (
            <TabPanel value="uom">
              <UomMappingTab orgId={key} />
            </TabPanel>
          )}
          {saved && uom && (
            <TabPanel value="templates">
              <Suspense fallback={<MutedText role="status">Loading templates…</MutedText>}>
                <ExtractionTemplatesTab supplierId={key} />
              </Suspense>
            </TabPanel>
          )}
        </Tabs>
        <BusyOverlay busy={busy} label="Saving this account's changes" />
      </DrawerContent>
    </Drawer>
  );
}
