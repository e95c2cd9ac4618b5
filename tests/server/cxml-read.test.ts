import { describe, expect, it } from 'vitest';
import { chooseDtd } from '../../server/edi/inbound/cxml-dtds';
import type { readOrderRequest } from '../../server/edi/inbound/order-request';
import { readCxml } from '../../server/edi/inbound/read-cxml';
import { readCxmlRequest } from '../../server/edi/inbound/read-cxml-request';
import { supplierUnit } from '../../server/orders/receive-order';
import { orderRequestXml } from './helpers/cxml-orders';

/** The pure parts of cXML in: bytes to tree, the DTD chosen, the envelope and the OrderRequest read. */
const bytes = (text: string) => new TextEncoder().encode(text);

describe('chooseDtd', () => {
  it('maps a DOCTYPE to the shipped DTD: the same version, the next newer one, or the newest', () => {
    expect(chooseDtd('http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd')).toEqual({ version: '1.2.014', file: 'cXML.dtd' });
    expect(chooseDtd('http://xml.cXML.org/schemas/cXML/1.2.050/cXML.dtd')).toEqual({ version: '1.2.050', file: 'cXML.dtd' });
    expect(chooseDtd('http://xml.cxml.org/schemas/cXML/1.2.016/cXML.dtd')).toEqual({ version: '1.2.020', file: 'cXML.dtd' });
    expect(chooseDtd('http://xml.cxml.org/schemas/cXML/1.2.070/cXML.dtd')).toEqual({ version: '1.2.063', file: 'cXML.dtd' });
    expect(chooseDtd(null)).toEqual({ version: '1.2.063', file: 'cXML.dtd' });
    expect(chooseDtd('cXML.dtd')).toEqual({ version: '1.2.063', file: 'cXML.dtd' });
    expect(chooseDtd('http://evil.example/cXML.dtd')).toBeNull();
    expect(chooseDtd('http://xml.cxml.org/schemas/cXML/1.2.050/Fulfill.dtd')).toBeNull();
  });
});

describe('readCxml', () => {
  it('reads a valid document into a plain tree, and its envelope and request from it', () => {
    const xml = bytes(orderRequestXml({ payloadId: 'p1', orderId: 'PO-1', secret: 's' }));
    const tree = readCxml(xml);
    expect(tree.ok && tree.root.name).toBe('cXML');
    const read = readCxmlRequest(xml);
    if (!read.ok || 'unreadable' in read) throw new Error('not read');
    expect(read.envelope).toMatchObject({ payloadId: 'p1', requestType: 'OrderRequest', sharedSecret: 's', from: [{ domain: 'NetworkID', identity: 'UNIWESTMERE1' }] });
    expect(read.read).toMatchObject({ order: { orderId: 'PO-1' } });
  });

  it('reads the text in the encoding the document declares (or its byte order mark)', () => {
    const doc = (encoding: string) =>
      orderRequestXml({ payloadId: 'p1', orderId: 'PO-1', secret: 's', lines: [{ code: 'A', quantity: 1, price: 1, description: 'Crème brûlée & <tartes>' }] }).replace(
        /^<\?xml[^>]*\?>/,
        `<?xml version="1.0" encoding="${encoding}"?>`,
      );
    const description = (tree: ReturnType<typeof readCxml>) => {
      if (!tree.ok) throw new Error(tree.message);
      const find = (el: typeof tree.root): string | null => (el.name === 'Description' ? el.text : el.children.map(find).find((t) => t !== null) ?? null);
      return find(tree.root);
    };
    expect(description(readCxml(Buffer.from(doc('ISO-8859-1'), 'latin1')))).toBe('Crème brûlée & <tartes>');
    expect(description(readCxml(bytes(doc('UTF-8'))))).toBe('Crème brûlée & <tartes>');
    const utf16 = doc('UTF-16');
    expect(description(readCxml(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')])))).toBe('Crème brûlée & <tartes>');
  });

  it('never expands entities nor loads what a DOCTYPE names', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><cXML>&c;</cXML>`;
    expect(readCxml(bytes(laughs))).toMatchObject({ ok: false, status: 400 });
    const publicId = `<?xml version="1.0"?><!DOCTYPE cXML PUBLIC "-//x" "http://attacker.example/x.dtd"><cXML/>`;
    expect(readCxml(bytes(publicId))).toMatchObject({ ok: false, status: 406 });
    const undeclared = `<?xml version="1.0"?><cXML payloadID="x" timestamp="t">&nbsp;</cXML>`;
    expect(readCxml(bytes(undeclared))).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses an undeclared entity in a document that names its DTD, in text or in an attribute, and not in CDATA or a comment', () => {
    const good = orderRequestXml({ payloadId: 'p1', orderId: 'PO-1', secret: 's' });
    const notDeclared = { ok: false, status: 400, message: 'Not well-formed XML', errors: ["Entity 'nbsp' is not declared"] };
    expect(readCxml(bytes(good.replace('Urgent: grant deadline', 'Urgent:&nbsp;grant deadline')))).toMatchObject(notDeclared);
    expect(readCxml(bytes(good.replace('orderID="PO-1"', 'orderID="PO&nbsp;1"')))).toMatchObject(notDeclared);
    const quoted = readCxml(bytes(good.replace('orderID="PO-1"', 'orderID="PO&amp;1&#x41;"').replace('</OrderRequestHeader>', '<!-- &nbsp; --></OrderRequestHeader>')));
    expect(quoted.ok).toBe(true);
  });

  it("keeps libxml2's reading of the text: CDATA as written, references resolved, line ends and attribute whitespace normalised, xml:lang with its prefix", () => {
    const xml = orderRequestXml({ payloadId: 'p1', orderId: 'PO-1', secret: 's', lines: [{ code: 'A', quantity: 1, price: 1, description: 'x' }] })
      .replace(/<Description xml:lang="en">x<\/Description>/, '<Description xml:lang="en">one &amp; <![CDATA[two &amp; <three>]]>\r\nfour&#233;<!-- not text --></Description>')
      .replace('orderID="PO-1"', 'orderID="PO\t1&#9;"');
    const tree = readCxml(bytes(xml));
    if (!tree.ok) throw new Error(`${tree.message}: ${tree.errors.join('; ')}`);
    const find = (el: typeof tree.root, name: string): typeof tree.root | null => (el.name === name ? el : el.children.map((c) => find(c, name)).find(Boolean) ?? null);
    expect(find(tree.root, 'Description')).toMatchObject({ attrs: { 'xml:lang': 'en' }, text: 'one & two &amp; <three>\nfouré', children: [] });
    expect(find(tree.root, 'OrderRequestHeader')?.attrs.orderID).toBe('PO 1\t');
  });

  it('lists the first DTD errors with their lines', () => {
    const xml = orderRequestXml({ payloadId: 'p1', orderId: 'PO-1', secret: 's' }).replace(/<BillTo>[\s\S]*?<\/BillTo>/, '');
    const read = readCxml(bytes(xml));
    expect(read).toMatchObject({ ok: false, status: 406, message: 'Invalid against 1.2.014/cXML.dtd' });
    if (!read.ok) expect(read.errors[0]).toMatch(/^line \d+: Element OrderRequestHeader content does not follow the DTD/);
  });
});

describe('readOrderRequest', () => {
  const request = (xml: string) => {
    const read = readCxmlRequest(bytes(xml));
    if (!read.ok) throw new Error(read.message);
    if ('unreadable' in read) throw new Error(read.unreadable);
    return read.read as ReturnType<typeof readOrderRequest>;
  };

  it('reads the header, the lines and their taxes', () => {
    const read = request(orderRequestXml({ system: 'unimarket', payloadId: 'p1', orderId: 'PO-7', secret: 's' }));
    if (!('order' in read)) throw new Error(read.errors.join());
    expect(read.order).toMatchObject({ type: 'new', orderId: 'PO-7', orderVersion: 1, orderDate: '2026-11-19T23:15:00.000Z', currency: 'AUD', tax: 12.5, comments: 'Deliver before 10 am, dock B' });
    expect(read.order.contact).toMatchObject({ name: 'Priya Raman', email: 'p.raman@uni.demo.test' });
    expect(read.order.lines.map((l) => [l.number, l.supplierPartId, l.quantity, l.unitOfMeasure, l.tax])).toEqual([
      [1, 'ACM-100131', 4, 'BX', 5],
      [2, 'NOT-IN-CATALOGUE-9', 2.5, 'LTR', 7.5],
      [3, 'ACM-100210', 1, 'H87', 0],
    ]);
  });

  it('refuses what the DTD cannot: numbers that are not, an update without its reference, a line twice', () => {
    const base = orderRequestXml({ payloadId: 'p1', orderId: 'PO-7', secret: 's' });
    expect(request(base.replace('quantity="4"', 'quantity="4x"'))).toEqual({ errors: ["Line 1 quantity is not a number: '4x'"] });
    expect(request(orderRequestXml({ payloadId: 'p1', orderId: 'PO-7', secret: 's', type: 'update', version: 2 }))).toEqual({
      errors: ["An OrderRequest of type update must name the order's latest version in DocumentReference"],
    });
    expect(request(base.replace('lineNumber="2"', 'lineNumber="1"'))).toEqual({ errors: ['ItemOut 2: line 1 appears twice'] });
    expect(request(base.replace('quantity="4"', 'quantity="0"'))).toEqual({ errors: ['Line 1: quantity must be more than 0'] });
  });
});

describe('supplierUnit', () => {
  it("turns a Rec 20 code into the supplier's own code, and keeps it as sent without a mapping", () => {
    const mapping = new Map([
      ['L', 'LITRE'],
      ['EA', 'EACH'],
    ]);
    expect(supplierUnit('LTR', mapping)).toBe('LITRE');
    expect(supplierUnit('ea', mapping)).toBe('EACH');
    expect(supplierUnit('KGM', mapping)).toBe('KGM');
    expect(supplierUnit('H87', mapping)).toBe('H87');
  });
});
