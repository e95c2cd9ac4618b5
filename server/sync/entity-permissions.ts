import { can, isAdmin, type Capability } from '../../src/domain/roles';
import type { SessionUser } from '../auth/session';
import { viewerFor, type OrgRef } from '../policy';

type Rule = Capability | 'admin';

/**
 * The permission of each entity's own GET route, applied again by the changes feed:
 * the feed must never hand a row to a user its route would answer 403. Entities not
 * listed are readable by every user of the organisation (their routes check only the
 * organisation: properties, UOM mapping).
 */
const rules: Record<string, Rule> = {
  receivingEmail: 'admin',
  senderSource: 'admin',
  ediExportSetting: 'admin',
  buyerSettings: 'viewBuyerSettings',
  buyerSellerProps: 'viewBuyerSettings',
  categoryTree: 'viewBuyerSettings',
  invoiceMatching: 'viewBuyerSettings',
  invoice: 'viewInvoices',
  order: 'viewOrders',
  asn: 'viewOrders',
  pricelist: 'viewPricelists',
  product: 'viewCatalogue',
  productMeta: 'viewCatalogue',
  account: 'viewAccounts',
  user: 'viewUserCommunity',
};

export function mayReadEntity(user: SessionUser, org: OrgRef, entity: string): boolean {
  const rule = rules[entity];
  if (!rule) return true;
  return rule === 'admin' ? isAdmin(user) : can(viewerFor(user, org), rule);
}

/**
 * Which of the guarded entities a user may read, as one short text: two users with
 * the same text are given the same changes feed of an organisation.
 */
export function readableEntitiesKey(user: SessionUser, org: OrgRef): string {
  let key = '';
  for (const entity in rules) key += mayReadEntity(user, org, entity) ? '1' : '0';
  return key;
}
