import { extractCii } from './cii';
import { extractCxml } from './cxml';
import type { ExtractionOutcome } from './extracted-invoice';
import { extractUbl, UBL_CREDIT_NOTE_NS, UBL_INVOICE_NS } from './ubl';
import { parseXml, XmlRefused } from './xml-tree';

/** An XML file by its root element: UBL Invoice or CreditNote, CII, cXML; any other XML is not an invoice. */
export function extractXmlInvoice(bytes: Uint8Array): ExtractionOutcome {
  let root;
  try {
    root = parseXml(bytes);
  } catch (err) {
    if (err instanceof XmlRefused) return { kind: 'failed', reason: err.message, showPdf: false };
    throw err;
  }
  if ((root.name === 'Invoice' && root.ns === UBL_INVOICE_NS) || (root.name === 'CreditNote' && root.ns === UBL_CREDIT_NOTE_NS)) return extractUbl(root);
  if (root.name === 'CrossIndustryInvoice') return extractCii(root, 'CII', false);
  if (root.name === 'cXML') return extractCxml(root);
  if (root.name === 'CrossIndustryDocument') return { kind: 'failed', reason: 'ZUGFeRD 1.0 invoices (CrossIndustryDocument) are not read; ZUGFeRD 2 and Factur-X are.', showPdf: false };
  return { kind: 'no-invoice', reason: `The XML is not an invoice (its root element is ${root.name}).`, showPdf: false };
}
