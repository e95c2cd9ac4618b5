import type { ExtractionTemplate, ExtractionTemplateBody } from '../../../src/domain/schemas/extraction-templates';

const MONEY = '-?[\\d,]+\\.\\d{2}';
const PAGE_FOOTER = ' - Invoice .*  Page \\d+ of \\d+$';

/**
 * The layout of the tax invoices the demo suppliers send (rendered by
 * server/files/invoice-pdf.ts), as pdf.js's text layer gives it: the supplier's name
 * beside the title, the facts column (Invoice No, Invoice Date, PO Number, Currency),
 * the line table (wrapped descriptions continue below a row; the header and the page
 * footer repeat on each page), the totals and the comments.
 */
const PORTAL_LAYOUT: Omit<ExtractionTemplateBody, 'keywords'> = {
  excludeKeywords: [],
  fields: {
    documentId: 'Invoice No  (\\S+)',
    dateCreated: 'Invoice Date  (\\d{4}-\\d{2}-\\d{2})',
    // The layout prints '-' when the invoice quotes no PO.
    referenceId: 'PO Number  ([^-\\s]\\S*)',
    currency: 'Currency  ([A-Z]{3})$',
    subtotal: `^Subtotal \\(excl\\. GST\\)  (${MONEY})$`,
    discount: '^Discount  -?([\\d,]+\\.\\d{2})$',
    freight: `^Freight  (${MONEY})$`,
    additionalCharges: `^Additional charges  (${MONEY})$`,
    totalTax: `^GST  (${MONEY})$`,
    totalValue: `^Total [A-Z]{3}  (${MONEY})$`,
    comments: `(?s)^Comments\\n(.*?)\\n[^\\n]*${PAGE_FOOTER}`,
    sellerName: '^(.+?)  (?:TAX )?INVOICE$',
    sellerAbn: '^ABN ((?:\\d ?){11})',
    buyerName: '^BILL TO\\n(.+)$',
  },
  lines: {
    start: '^#  Code  Description  Qty UOM  Unit Price  Disc  GST  Total$',
    end: '^Subtotal \\(excl\\. GST\\)',
    line:
      `^(?P<sequence>\\d+)  (?:(?P<code>\\S+)  )?(?P<description>.*?)  (?P<qtyShipped>-?[\\d.]+) ?(?P<uom>[A-Za-z0-9]*)  ` +
      `(?P<unitPrice>${MONEY})  (?:(?P<discount>${MONEY})  )?(?P<tax>${MONEY})  (?P<grossLineTotal>${MONEY})$`,
    skip: ['^#  Code  Description', PAGE_FOOTER],
  },
  options: { currency: 'AUD', dateFormats: ['YYYY-MM-DD'], decimalSeparator: '.' },
};

/** The demo suppliers, each recognised by its name beside the title at the top of the first page. */
const DEMO_SUPPLIERS: Array<{ key: string; name: string }> = [
  { key: 'SUPACMESCI01', name: 'Acme Scientific' },
  { key: 'SUPBIOLAB001', name: 'BioLab Supplies' },
  { key: 'SUPPACCHEM01', name: 'Pacific Chemicals' },
  { key: 'SUPMERIDIAN1', name: 'Meridian Lab Equipment' },
  { key: 'SUPSTHCROSS1', name: 'Southern Cross Consumables' },
  { key: 'SUPKESTREL01', name: 'Kestrel Safety Products' },
];

/** Templates that ship with the product; support's own template of the same name for a supplier replaces one. */
export const SHIPPED_TEMPLATES: readonly ExtractionTemplate[] = DEMO_SUPPLIERS.map((s) => ({
  ...PORTAL_LAYOUT,
  name: `${s.name} tax invoice`,
  supplierKey: s.key,
  keywords: [`^${s.name}  (?:TAX )?INVOICE$`, PAGE_FOOTER],
}));
