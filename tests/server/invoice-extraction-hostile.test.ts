import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractionOutcome, IntakeFile } from '../../server/intake/extract/extracted-invoice';
import { extractInvoiceSandboxed } from '../../server/intake/extract/extract-sandboxed';
import { SHIPPED_TEMPLATES } from '../../server/intake/extract/shipped-templates';
import { stopSandbox } from '../../server/sandbox/run-sandboxed';
import { manyPagesPdf, nestedFormsBombPdf } from './helpers/hostile-pdfs';

afterAll(() => stopSandbox());

const text = (s: string) => new TextEncoder().encode(s);
const file = (bytes: Uint8Array, filename = 'invoice.pdf', contentType = 'application/pdf'): IntakeFile => ({ filename, contentType, bytes });
const extract = (f: IntakeFile, limits = {}) => extractInvoiceSandboxed(f, SHIPPED_TEMPLATES, limits);
const ubl = () => new Uint8Array(readFileSync(join(__dirname, '../fixtures/invoices/ubl/peppol-bis3-invoice.xml')));

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol3;</Invoice>`;

describe('hostile files are refused cleanly, in the sandbox', () => {
  it('refuses an XML bomb (entities declared in an internal subset)', async () => {
    expect(await extract(file(text(BILLION_LAUGHS), 'invoice.xml', 'text/xml'))).toEqual({
      kind: 'failed',
      reason: 'The XML declares its own entities (a DTD internal subset), which is refused.',
      showPdf: false,
    });
  });

  it('refuses an external entity and never expands an undeclared one', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>`;
    expect(await extract(file(text(xxe)))).toMatchObject({ kind: 'failed', reason: 'The XML declares its own entities (a DTD internal subset), which is refused.' });
    const undeclared = await extract(file(text('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>')));
    expect(undeclared).toMatchObject({ kind: 'failed' });
    expect(undeclared.kind === 'failed' && undeclared.reason).toMatch(/^The XML is not well formed \(.*undefined entity/);
  });

  it('reads a document that names an external DTD without fetching it', async () => {
    const withDtd = new TextDecoder()
      .decode(ubl())
      .replace('<Invoice ', '<!DOCTYPE Invoice SYSTEM "http://127.0.0.1:9/never-fetched.dtd">\n<Invoice ');
    const outcome = await extract(file(text(withDtd)));
    expect(outcome.kind === 'invoice' && outcome.invoice.document.documentId).toBe('12345');
  });

  it('refuses XML nested past the depth limit', async () => {
    const deep = `<a>${'<b>'.repeat(5000)}${'</b>'.repeat(5000)}</a>`;
    expect(await extract(file(text(deep), 'x.xml', 'text/xml'))).toEqual({ kind: 'failed', reason: 'The XML nests deeper than 64 levels.', showPdf: false });
  });

  it('keeps the EICAR test file, a zip and an image without opening them, whatever they claim to be', async () => {
    const eicar = text('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');
    expect(await extract(file(eicar))).toEqual({ kind: 'no-invoice', reason: 'The file is the EICAR anti-virus test file; it is kept, never opened.', showPdf: false });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    expect(await extract(file(zip, 'invoice.xml', 'application/xml'))).toMatchObject({ kind: 'no-invoice', reason: 'Archives (zip) are kept, not opened.' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await extract(file(png))).toMatchObject({ kind: 'no-invoice', reason: 'Images are kept, not read (no OCR).' });
  });

  it('reads a UBL invoice sent as application/pdf named .pdf, by its bytes', async () => {
    const outcome = await extract(file(ubl(), 'scan.pdf', 'application/pdf'));
    expect(outcome.kind === 'invoice' && outcome.invoice.format).toBe('UBL');
  });

  it('fails on a broken PDF and on one of 5,000 pages', async () => {
    const broken = text('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage \u0000\u0001 trailer <<>>');
    const outcome = await extract(file(broken));
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.reason).toMatch(/^The PDF cannot be read/);
    expect(await extract(file(manyPagesPdf(5000)))).toEqual({ kind: 'failed', reason: 'The PDF has 5000 pages; at most 200 are read.', showPdf: false });
  });

  it('stops a PDF that makes pdf.js run away, while another file of the same mail is read meanwhile', async () => {
    const events: string[] = [];
    // Stopped by its time: it reaches 96 MiB in about 8 s on a quiet machine, and on a busy one a
    // memory stop could come before the other file's worker has even started.
    const bomb = extract(file(nestedFormsBombPdf(9)), { timeMs: 6_000, memoryMb: 1024 }).then((outcome: ExtractionOutcome) => {
      events.push('bomb stopped');
      return outcome;
    });
    const other = await extract(file(ubl(), 'invoice.xml', 'application/xml'));
    events.push('other read');
    expect(other.kind === 'invoice' && other.invoice.document.documentId).toBe('12345');
    const stopped = await bomb;
    expect(events).toEqual(['other read', 'bomb stopped']);
    expect(stopped.kind).toBe('failed');
    // The viewer's pdf.js would choke on it too: not offered for viewing.
    expect(stopped.showPdf).toBe(false);
    expect(stopped.kind === 'failed' && stopped.reason).toBe('Reading the file took longer than the limit of 6 seconds, so it was stopped.');
  });
});
