import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { formatMoney } from '../../src/domain/money';

export interface InvoicePdfParty {
  name: string;
  addressLines: string[];
  email: string | null;
}

export interface InvoicePdfInput {
  title: string;
  supplier: InvoicePdfParty;
  supplierCode: string | null;
  billTo: InvoicePdfParty;
  document: InvoiceDocument;
  /**
   * An XML file the PDF carries (Factur-X: the invoice's CII as `factur-x.xml`, the
   * PDF/A-3 'Alternative' relationship), so one file is both the picture and the data.
   */
  embeddedXml?: { name: string; xml: string } | null;
}

const MARGIN = 48;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1db';
const ACCENT = '#10364C';

const qty = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const dateOnly = (iso: string) => iso.slice(0, 10);

/** Table columns: x offset from the left margin, width, alignment. */
const COLUMNS = [
  { key: '#', x: 0, w: 18, align: 'left' },
  { key: 'Code', x: 20, w: 66, align: 'left' },
  { key: 'Description', x: 88, w: 136, align: 'left' },
  { key: 'Qty', x: 226, w: 30, align: 'right' },
  { key: 'UOM', x: 258, w: 30, align: 'left' },
  { key: 'Unit Price', x: 290, w: 54, align: 'right' },
  { key: 'Disc', x: 346, w: 44, align: 'right' },
  { key: 'GST', x: 392, w: 46, align: 'right' },
  { key: 'Total', x: 440, w: 59, align: 'right' },
] as const;

/**
 * A supplier's tax invoice as a PDF: supplier header, bill-to, invoice number, date
 * and PO, the line table (continued on further pages when long), totals and comments.
 * The same input always gives the same pages: the creation date is the invoice's own.
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { document: doc } = input;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${input.title} ${doc.documentId ?? ''}`.trim(),
      Author: input.supplier.name,
      Subject: `Invoice to ${input.billTo.name}`,
      CreationDate: new Date(doc.dateCreated),
      ModDate: new Date(doc.dateCreated),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = MARGIN;
  const width = pdf.page.width - MARGIN * 2;
  const bottom = pdf.page.height - MARGIN - 24;
  // The last column ends at the right margin whatever the page width.
  const colWidth = (i: number) => (i === COLUMNS.length - 1 ? width - COLUMNS[i]!.x : COLUMNS[i]!.w);

  // Supplier header and the invoice's identity.
  pdf.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(input.supplier.name, left, MARGIN, { width: width * 0.55 });
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9);
  for (const line of input.supplier.addressLines) pdf.text(line, { width: width * 0.55 });
  if (input.supplier.email) pdf.text(input.supplier.email, { width: width * 0.55 });
  const headerBottom = pdf.y;

  const rightX = left + width * 0.58;
  const rightW = width * 0.42;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(input.title.toUpperCase(), rightX, MARGIN, { width: rightW, align: 'right' });
  pdf.moveDown(0.3);
  const facts: Array<[string, string]> = [
    ['Invoice No', doc.documentId ?? '-'],
    ['Invoice Date', dateOnly(doc.dateCreated)],
    ['PO Number', doc.referenceId ?? '-'],
    ['Currency', doc.currency],
  ];
  if (input.supplierCode) facts.push(['Account Code', input.supplierCode]);
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.font('Helvetica').fillColor(MUTED).text(label, rightX, y, { width: rightW * 0.45 });
    pdf.font('Helvetica-Bold').fillColor(INK).text(value, rightX + rightW * 0.45, y, { width: rightW * 0.55, align: 'right' });
  }

  // Bill to.
  let y = Math.max(headerBottom, pdf.y) + 18;
  pdf.moveTo(left, y).lineTo(left + width, y).strokeColor(RULE).lineWidth(0.8).stroke();
  y += 10;
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('BILL TO', left, y);
  pdf.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(input.billTo.name, left, pdf.y + 2, { width: width / 2 });
  pdf.font('Helvetica').fontSize(9).fillColor(INK);
  for (const line of input.billTo.addressLines) pdf.text(line, { width: width / 2 });
  if (input.billTo.email) pdf.text(input.billTo.email, { width: width / 2 });
  y = pdf.y + 16;

  const tableHeader = (top: number): number => {
    pdf.rect(left, top, width, 18).fill(ACCENT);
    pdf.font('Helvetica-Bold').fontSize(8).fillColor('#ffffff');
    COLUMNS.forEach((c, i) => pdf.text(c.key, left + c.x + 2, top + 5, { width: colWidth(i) - 4, align: c.align }));
    return top + 22;
  };

  y = tableHeader(y);
  const lines = [...doc.lineItems].sort((a, b) => a.sequence - b.sequence);
  lines.forEach((line, index) => {
    const cells = [
      String(line.sequence),
      line.code ?? '',
      line.description ?? '',
      qty(line.qtyShipped),
      line.uom ?? '',
      formatMoney(line.unitPrice),
      line.discount ? formatMoney(line.discount) : '',
      formatMoney(line.tax),
      formatMoney(line.grossLineTotal),
    ];
    pdf.font('Helvetica').fontSize(8);
    const descHeight = pdf.heightOfString(cells[2]!, { width: colWidth(2) - 4 });
    const rowHeight = Math.max(14, descHeight + 6);
    if (y + rowHeight > bottom) {
      pdf.addPage();
      y = tableHeader(MARGIN);
    }
    if (index % 2 === 1) pdf.rect(left, y - 3, width, rowHeight).fill('#f3f5f8');
    pdf.fillColor(INK).font('Helvetica').fontSize(8);
    COLUMNS.forEach((c, i) => pdf.text(cells[i]!, left + c.x + 2, y, { width: colWidth(i) - 4, align: c.align }));
    y += rowHeight;
  });

  // Totals, kept together on one page.
  const totals: Array<[string, string, boolean]> = [
    ['Subtotal (excl. GST)', formatMoney(doc.subtotal), false],
    ['Discount', doc.discount ? `-${formatMoney(doc.discount)}` : formatMoney(0), false],
    ['Freight', formatMoney(doc.freight), false],
    ['Additional charges', formatMoney(doc.additionalCharges), false],
    ['GST', formatMoney(doc.totalTax), false],
    [`Total ${doc.currency}`, formatMoney(doc.totalValue), true],
  ];
  const totalsHeight = totals.length * 15 + 20;
  if (y + totalsHeight > bottom) {
    pdf.addPage();
    y = MARGIN;
  }
  y += 6;
  pdf.moveTo(left, y).lineTo(left + width, y).strokeColor(RULE).lineWidth(0.8).stroke();
  y += 8;
  const labelX = left + width * 0.55;
  for (const [label, value, strong] of totals) {
    pdf.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9).fillColor(strong ? ACCENT : INK);
    pdf.text(label, labelX, y, { width: width * 0.25 });
    pdf.text(value, labelX + width * 0.25, y, { width: width * 0.2, align: 'right' });
    y += strong ? 18 : 15;
  }

  if (doc.comments) {
    y += 10;
    if (y + 40 > bottom) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('Comments', left, y);
    pdf.font('Helvetica').fontSize(9).fillColor(INK).text(doc.comments, left, pdf.y + 2, { width });
  }

  // Footer on every page, written once all pages exist.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // Text below the bottom margin would start a new page; the footer lives there on purpose.
    pdf.page.margins.bottom = 0;
    const footerY = pdf.page.height - MARGIN;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    pdf.text(`${input.supplier.name} - Invoice ${doc.documentId ?? ''}`, left, footerY, { width: width / 2, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, left + width / 2, footerY, { width: width / 2, align: 'right', lineBreak: false });
  }
  if (input.embeddedXml) {
    pdf.file(Buffer.from(input.embeddedXml.xml, 'utf8'), {
      name: input.embeddedXml.name,
      type: 'text/xml',
      description: 'Factur-X invoice data',
      creationDate: new Date(doc.dateCreated),
      modifiedDate: new Date(doc.dateCreated),
    });
  }
  pdf.end();
  return done;
}
