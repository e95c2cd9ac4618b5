/** Business constants and limits of the specification (section 9 of both documents). */
export const PAGE_SIZE = 20;
export const SUPPLIER_PICKLIST_PAGE_SIZE = 100;
export const SEARCH_DELAY_MS = 500;
export const UPLOAD_REFRESH_DELAY_MS = 3000;
export const UPLOAD_CLOSE_DELAY_MS = 3000;
export const SNACKBAR_DURATION_MS = 2000;
export const SIDE_DRAWER_WIDTH = 240;
export const DRAWER_WIDTHS = { large: '45vw', medium: '65vw', small: '100vw' } as const;
export const SPLIT_PANE_DEFAULT = [30, 70] as const;
export const SPLIT_PANE_MIN_VISIBLE_PERCENT = 10;
export const PDF_ZOOM_STEP = 0.2;
export const ACCOUNT_UNIQUE_KEY_LENGTH = 12;
export const ACCOUNT_DEFAULT_INDUSTRY_NO = 1;
export const ACCOUNT_MEMBERSHIP_STATUS = 'A';
export const DEFAULT_THEME = { primary: '#10364C', secondary: '#B6534E', type: 'light' } as const;
export const MIN_PASSWORD_SCORE = 3;

export const ACCOUNT_TYPES = { SUPPLIER: 1, UNIVERSITY: 2 } as const;
export const EDI_TYPES = ['S3', 'LOCAL', 'EMAIL', 'cXML'] as const;
export const EDI_DOC_TYPES = ['inv', 'po', 'asn'] as const;
export const INVOICE_STATUS_FILTERS = ['All', 'Pending', 'Emailed', 'Exported'] as const;

export const ASN_FIELD_LENGTHS = {
  name: 120,
  postalAddressName: 120,
  postalAddressStreet: 250,
  postalAddressCity: 50,
  postalAddressState: 50,
  postalAddressPostcode: 15,
  postalAddressCountryCode: 2,
  email: 100,
  carrierName: 120,
  trackingId: 30,
  uom: 8,
} as const;

/** Property names the spec uses. */
export const PROPERTY_NAMES = {
  supplierCode: 'SUPPLIER_CODE',
  supplierCodeAp: 'SUPPLIER_CODE_AP',
  asnContactEmailList: 'ASN_CONTACT_EMAIL_LIST',
  /** A supplier's GS1 company prefix: its packages' SSCCs are built on it (issue 31). */
  gs1CompanyPrefix: 'GS1_COMPANY_PREFIX',
} as const;

/**
 * A supplier's own properties that identify it on an invoice document (Australian
 * Business Number, VAT number, GLN, PEPPOL participant id): the intake matches the
 * document's seller ids against them.
 */
export const PARTY_ID_PROPERTIES = ['ABN', 'VAT', 'GLN', 'PEPPOL_ID'] as const;

/**
 * Local-storage keys: the spec keeps the theme and the assumed organisation in the
 * browser; the last loaded session is kept too so the shell opens offline, and a flag
 * (no personal data) while a sign-out has not yet reached the server.
 */
export const STORAGE_KEYS = {
  theme: 'portal.theme',
  renderFor: 'portal.renderFor',
  session: 'portal.session',
  signOutOwed: 'portal.signOutOwed',
  sideMenuCollapsed: 'portal.sideMenuCollapsed',
  /** Followed by a supplier's key: the SSCCs this device holds for its packages, gone at sign-out. */
  ssccPoolPrefix: 'portal.ssccPool:',
} as const;

/**
 * Limits the spec does not give, chosen so no input can stall the server or overflow
 * an answer: lengths of text fields (the spec's own lengths are above), and the size
 * of uploaded files and category trees.
 */
export const TEXT_LENGTHS = {
  /** Codes and keys: product codes, unit codes a supplier maps, property names, doc ids. */
  code: 64,
  /** Names and short labels. */
  name: 200,
  /** One-line texts: descriptions, identifiers, user names, server names. */
  line: 500,
  /** Free text: long descriptions, comments, property values, recipient lists. */
  text: 4000,
  /** URLs (endpoints, links). */
  url: 2000,
  /** Passwords and other secrets. */
  secret: 256,
} as const;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const CATEGORY_TREE_LIMITS = { maxDepth: 12, maxNodes: 20_000, maxBytes: 2 * 1024 * 1024 } as const;
