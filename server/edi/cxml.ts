import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { create } from 'xmlbuilder2';
import { COUNTRIES } from '../../src/domain/countries';
import type { Address } from '../../src/domain/schemas/orders';

/**
 * The cXML documents are composed as small element trees (el, text) and written by
 * cxmlDocument, which escapes every text and attribute.
 */

/** XML 1.0 cannot carry control characters other than tab, newline and return at all. */
export function xmlText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) out += ch;
  }
  return out;
}

export type Attrs = Record<string, string | number | null | undefined>;

/** One element of a document: attributes, then either child elements or text. */
export interface XmlElement {
  name: string;
  attrs: Attrs;
  children: XmlElement[];
  text: string | null;
}

export function el(name: string, attrs: Attrs = {}, ...children: Array<XmlElement | null | undefined>): XmlElement {
  return { name, attrs, children: children.filter((c): c is XmlElement => Boolean(c)), text: null };
}

/** An element holding only text, left out when the text is empty. */
export function text(name: string, value: string | number | null | undefined, attrs: Attrs = {}): XmlElement | null {
  if (value === null || value === undefined || value === '') return null;
  return { name, attrs, children: [], text: String(value) };
}

export function money(amount: number, currency: string): XmlElement {
  return text('Money', amount.toFixed(2), { currency })!;
}

/** `<Description xml:lang="en">`: required wherever cXML names one, so an empty text still writes the element. */
export function description(value: string): XmlElement {
  return text('Description', value, { 'xml:lang': 'en' }) ?? el('Description', { 'xml:lang': 'en' });
}

/** The DTD that declares each document's request, as a path under http://xml.cxml.org/schemas/cXML/. */
export const CXML_DTD = {
  /** OrderRequest lives in cXML.dtd. */
  order: '1.2.014/cXML.dtd',
  /** ShipNoticeRequest is declared only in Fulfill.dtd. */
  shipNotice: '1.2.050/Fulfill.dtd',
  /** InvoiceDetailRequest is declared only in InvoiceDetail.dtd. */
  invoice: '1.2.037/InvoiceDetail.dtd',
} as const;
export type CxmlDtd = (typeof CXML_DTD)[keyof typeof CXML_DTD];

const ISO_COUNTRY = /^[A-Z]{2}$/;

/** The ISO 3166 code of an address: its country code, or the code of its country's name. */
function isoCountryOf(a: Address): string | null {
  const code = a.postalAddressCountryCode.trim().toUpperCase();
  if (ISO_COUNTRY.test(code)) return code;
  const name = a.postalAddressCountryName.trim().toLowerCase();
  return (name && COUNTRIES.find((c) => c.Name.toLowerCase() === name)?.Code) || null;
}

/** A telephone number; cXML names its country by ISO code, so a number of an address without a country is left out. */
function phone(name: 'Phone' | 'Fax', iso: string | null, dialCode: string, area: string, number: string): XmlElement | null {
  if (!number || !iso) return null;
  return el(
    name,
    {},
    el(
      'TelephoneNumber',
      {},
      text('CountryCode', dialCode, { isoCountryCode: iso }) ?? el('CountryCode', { isoCountryCode: iso }),
      text('AreaOrCityCode', area) ?? el('AreaOrCityCode'),
      text('Number', number),
    ),
  );
}

/**
 * A PostalAddress needs a street, a city and a country: an address with a country and
 * at least one of the others writes the missing ones empty; without a country none is written.
 * The person goes in DeliverTo, the organisation in the enclosing Name.
 */
function postalAddress(a: Address, iso: string | null, deliverTo: string | null): XmlElement | null {
  if (!iso || !(a.postalAddressStreet || a.postalAddressCity || a.postalAddressPostcode)) return null;
  const country = COUNTRIES.find((c) => c.Code === iso)?.Name ?? a.postalAddressCountryName;
  return el(
    'PostalAddress',
    {},
    text('DeliverTo', deliverTo),
    text('Street', a.postalAddressStreet) ?? el('Street'),
    text('City', a.postalAddressCity) ?? el('City'),
    text('State', a.postalAddressState),
    text('PostalCode', a.postalAddressPostcode),
    text('Country', a.postalAddressCountryName || country, { isoCountryCode: iso }) ?? el('Country', { isoCountryCode: iso }),
  );
}

/** `<Name xml:lang="en">`, written empty when there is no name: Address and Contact require one. */
export function nameElement(value: string): XmlElement {
  return text('Name', value, { 'xml:lang': 'en' }) ?? el('Name', { 'xml:lang': 'en' });
}

/** Name, PostalAddress, Email, Phone and Fax: the content of both Address and Contact. */
function addressParts(a: Address, name: string, deliverTo: string | null): Array<XmlElement | null> {
  const iso = isoCountryOf(a);
  return [
    nameElement(name),
    postalAddress(a, iso, deliverTo),
    text('Email', a.email),
    phone('Phone', iso, a.phoneCountryCode, a.phoneAreaCode, a.phoneNumber),
    phone('Fax', iso, a.faxCountryCode, a.faxAreaCode, a.faxNumber),
  ];
}

/** A place (ship-to, bill-to, ship-from): named by its organisation, the person as DeliverTo. */
function placeParts(a: Address): Array<XmlElement | null> {
  const organisation = a.postalAddressName.trim();
  return organisation ? addressParts(a, organisation, a.name || null) : addressParts(a, a.name, null);
}

export function address(a: Address): XmlElement {
  return el('Address', { isoCountryCode: isoCountryOf(a) }, ...placeParts(a));
}

/** A Contact standing for a place (shipFrom, shipTo). */
export function placeContact(role: string, a: Address): XmlElement {
  return el('Contact', { role }, ...placeParts(a));
}

/** A Contact standing for a person (the order's buyer). */
export function personContact(role: string, a: Address): XmlElement {
  return el('Contact', { role }, ...addressParts(a, a.name, null));
}

/** Asked of the system once: every Response of the /cxml endpoint names it. */
const PAYLOAD_HOST = hostname() || 'procurement-portal';

/** `<epoch ms>.<random>@<host>`, the form cXML asks for: unique per document, naming where it was made. */
export function newPayloadId(now = new Date()): string {
  // 64 random bits from parts of a random UUID that carry no version or variant: randomUUID
  // draws from a cached pool, where randomBytes asked OpenSSL on every Response.
  const uuid = randomUUID();
  return `${now.getTime()}.${uuid.slice(0, 8)}${uuid.slice(28)}@${PAYLOAD_HOST}`;
}

export interface CxmlDocumentOptions {
  /** The document's payloadID (newPayloadId), kept so later documents can refer to it. */
  payloadId: string;
  now: Date;
  /** IANA zone the dates are written in. */
  timeZone?: string;
}

export interface Credential {
  domain: string;
  identity: string;
}

/** An organisation of the portal, named by its unique key. */
export function portalCredential(orgKey: string): Credential {
  return { domain: 'NetworkID', identity: orgKey };
}

function credential(c: Credential): XmlElement {
  return el('Credential', { domain: c.domain }, text('Identity', c.identity) ?? el('Identity'));
}

/** Text of an element: XML's markup characters escaped, every one (a text that reads `&amp;` is sent as `&amp;amp;`). */
function escapeText(value: string): string {
  return xmlText(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** One element and its content; attributes given as null or undefined are left out, an element with no content is written empty (`<Street/>`). */
function write(node: XmlElement): string {
  let out = `<${node.name}`;
  for (const [key, value] of Object.entries(node.attrs)) if (value !== null && value !== undefined) out += ` ${key}="${escapeAttribute(String(value))}"`;
  if (node.text === null && node.children.length === 0) return `${out}/>`;
  out += '>';
  if (node.text !== null) out += escapeText(node.text);
  for (const child of node.children) out += write(child);
  return `${out}</${node.name}>`;
}

/**
 * The cXML envelope: the DOCTYPE of the DTD declaring the request, a header naming sender
 * and receiver, and one request. The sender is the From party (the portal sends on its
 * behalf); its SharedSecret is added only on the way out to a cXML endpoint (withSharedSecret),
 * so stored and mailed copies never hold it.
 */
export function envelope(opts: {
  dtd: CxmlDtd;
  from: Credential;
  to: Credential;
  request: XmlElement;
  payloadId: string;
  /** cXML date-time with offset (cxmlDateTime). */
  timestamp: string;
}): string {
  const root = el(
    'cXML',
    { payloadID: opts.payloadId, timestamp: opts.timestamp, 'xml:lang': 'en-AU' },
    el(
      'Header',
      {},
      el('From', {}, credential(opts.from)),
      el('To', {}, credential(opts.to)),
      el('Sender', {}, credential(opts.from), text('UserAgent', 'Procurement Portal')),
    ),
    el('Request', { deploymentMode: 'production' }, opts.request),
  );
  return cxmlDocument(opts.dtd, root);
}

/**
 * A whole cXML document: the declaration, the DOCTYPE of `dtd` (a path under xml.cxml.org)
 * and the root. Written straight from our element tree: the names are ours, so only text and
 * attribute values need escaping. xmlbuilder2 built a DOM for each document, which made the
 * /cxml endpoint's short Response an eighth of the main thread's work on an order, and it
 * left `&` unescaped where it already looked like an entity, so a text changed on the way.
 */
export function cxmlDocument(dtd: string, root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${dtd}">${write(root)}\n`;
}

/** The document as posted to a cXML endpoint: the sender's credential carries the shared secret. */
export function withSharedSecret(xml: string, secret: string | null): string {
  if (!secret) return xml;
  const doc = create(xml);
  const sender = doc.root().find((n) => n.node.nodeName === 'Sender', false, true);
  const credentialOfSender = sender?.find((n) => n.node.nodeName === 'Credential');
  if (!credentialOfSender) return xml;
  credentialOfSender.ele('SharedSecret').txt(xmlText(secret));
  return `${doc.end({ prettyPrint: false })}\n`;
}
