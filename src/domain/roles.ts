/**
 * Who may do what: one capability table read by the menu, the route guards and the
 * server's policy, so the three can never disagree.
 */
export const ORG_TYPES = ['SUPPLIER', 'UNIVERSITY', 'SUPPORT'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
export const USER_TYPES = ['REGULAR', 'ADMIN', 'SUPPORT'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The organisation a support user has assumed (the spec's render-for). */
export interface RenderFor {
  orgType: 'SUPPLIER' | 'UNIVERSITY';
  orgId: string;
  companyName: string;
}

export interface Viewer {
  userType: UserType;
  orgType: OrgType;
  orgId: string;
  renderFor?: RenderFor | null;
}

export type Capability =
  | 'viewCatalogue'
  | 'viewPreferences'
  | 'viewOrders'
  | 'viewPricelists'
  | 'viewInvoices'
  | 'viewAccounts'
  | 'viewUserCommunity'
  | 'assumeRole'
  | 'createAsn'
  | 'exportAsn'
  | 'exportOrder'
  | 'includeProducts'
  | 'exportInvoices'
  | 'uploadInvoices'
  | 'correctInvoices'
  | 'exportCatalogue'
  | 'manageCatalogueTemplates'
  | 'uploadPriceFile'
  | 'manageAsnRecipients'
  | 'editCategoryTree'
  | 'viewBuyerSettings'
  | 'editTaxCodes'
  | 'editAccountCodes'
  | 'editPricelists'
  | 'editUomMapping'
  | 'editProperties'
  | 'editInvoiceMatching'
  | 'reExtractInvoices'
  | 'receiveDeliveries';

/** The perspective a screen renders for: the assumed organisation of a support user, else the own one. */
export type Perspective = 'SUPPLIER' | 'UNIVERSITY' | 'SUPPORT';

export function perspectiveOf(viewer: Viewer): Perspective {
  if (viewer.userType === 'SUPPORT' && viewer.renderFor) return viewer.renderFor.orgType;
  return viewer.orgType;
}

function isSupport(viewer: Pick<Viewer, 'userType'>): boolean {
  return viewer.userType === 'SUPPORT';
}

/** The spec counts SUPPORT and ADMIN user types as admin. */
export function isAdmin(viewer: Pick<Viewer, 'userType'>): boolean {
  return viewer.userType === 'SUPPORT' || viewer.userType === 'ADMIN';
}

const everyone: readonly Perspective[] = ['SUPPLIER', 'UNIVERSITY', 'SUPPORT'];

/**
 * Capability -> perspectives that hold it; `supportOnly` ones also need the SUPPORT user
 * type, `adminOnly` ones ADMIN or SUPPORT. The spec leaves REGULAR and ADMIN alike; the
 * portal decides (README, "Who may change what"): a REGULAR user does the daily work
 * (reads everything of the organisation, marks orders and invoices read, drafts and
 * submits ASNs, changes their own password), an admin configures the organisation
 * (pricelists, price files, UOM mapping, properties, tax and account codes, the category
 * tree, catalogue curation and templates, every export, ASN recipients).
 */
const table: Record<Capability, { perspectives: readonly Perspective[]; supportOnly?: boolean; adminOnly?: boolean }> = {
  viewCatalogue: { perspectives: everyone },
  viewPreferences: { perspectives: everyone },
  viewOrders: { perspectives: everyone },
  viewPricelists: { perspectives: ['SUPPLIER', 'SUPPORT'] },
  viewInvoices: { perspectives: ['UNIVERSITY', 'SUPPORT'] },
  viewAccounts: { perspectives: everyone, supportOnly: true },
  viewUserCommunity: { perspectives: everyone, supportOnly: true },
  assumeRole: { perspectives: everyone, supportOnly: true },
  createAsn: { perspectives: ['SUPPLIER'] },
  exportAsn: { perspectives: ['SUPPLIER'], adminOnly: true },
  exportOrder: { perspectives: ['SUPPLIER'], adminOnly: true },
  includeProducts: { perspectives: ['UNIVERSITY'], adminOnly: true },
  exportInvoices: { perspectives: ['UNIVERSITY'], adminOnly: true },
  uploadInvoices: { perspectives: ['UNIVERSITY'] },
  /** Correcting a misread field of an invoice is an accounts-payable clerk's daily work, as uploading one is. */
  correctInvoices: { perspectives: ['UNIVERSITY'] },
  exportCatalogue: { perspectives: ['UNIVERSITY'], adminOnly: true },
  manageCatalogueTemplates: { perspectives: ['UNIVERSITY'], adminOnly: true },
  uploadPriceFile: { perspectives: ['SUPPLIER'], adminOnly: true },
  manageAsnRecipients: { perspectives: ['SUPPLIER'], adminOnly: true },
  /** Tax codes, account codes and the category tree: read by every buyer user, changed by its admins. */
  viewBuyerSettings: { perspectives: ['UNIVERSITY'] },
  editCategoryTree: { perspectives: ['UNIVERSITY'], adminOnly: true },
  editTaxCodes: { perspectives: ['UNIVERSITY'], adminOnly: true },
  editAccountCodes: { perspectives: ['UNIVERSITY'], adminOnly: true },
  editPricelists: { perspectives: ['SUPPLIER', 'SUPPORT'], adminOnly: true },
  editUomMapping: { perspectives: ['SUPPLIER', 'SUPPORT'], adminOnly: true },
  editProperties: { perspectives: everyone, adminOnly: true },
  editInvoiceMatching: { perspectives: ['UNIVERSITY'], adminOnly: true },
  /** Support, once it has fixed a supplier's extraction template, reads an invoice's stored document again. */
  reExtractInvoices: { perspectives: ['UNIVERSITY'], supportOnly: true },
  /** Confirming what arrived at the buyer's dock is the daily work of its users (support acting as the buyer too). */
  receiveDeliveries: { perspectives: ['UNIVERSITY'] },
};

export function can(viewer: Viewer, capability: Capability): boolean {
  const rule = table[capability];
  if (rule.supportOnly && !isSupport(viewer)) return false;
  if (rule.adminOnly && !isAdmin(viewer)) return false;
  return rule.perspectives.includes(perspectiveOf(viewer));
}

/** Path kinds of the API: `/seller/{id}` needs a SUPPLIER org, `/buyer/{id}` a UNIVERSITY org. */
export type OrgPathKind = 'seller' | 'buyer' | 'org';

export function orgTypeForPathKind(kind: OrgPathKind): OrgType | null {
  if (kind === 'seller') return 'SUPPLIER';
  if (kind === 'buyer') return 'UNIVERSITY';
  return null;
}

/** Account type numbers of the spec: 1 supplier, 2 university; the support organisation has neither. */
export function orgTypeOfAccountType(type: number): OrgType {
  if (type === 1) return 'SUPPLIER';
  if (type === 2) return 'UNIVERSITY';
  return 'SUPPORT';
}
