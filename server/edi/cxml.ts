import { randomUUID } from 'node:crypto';
import type { Address } from '../../src/domain/schemas/orders';

/**
 * A small cXML writer: elements are built as escaped strings, so a description with
 * `<`, `&` or quotes can never break the document.
 */

/** XML 1.0 cannot carry control characters other than tab, newline and return at all. */
function dropControlCharacters(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) out += ch;
  }
  return out;
}

export function escapeXml(text: string): string {
  return dropControlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export type Attrs = Record<string, string | number | null | undefined>;

/** `<name attrs>children</name>`; children are already-built elements, text is passed through `text()`. */
function attrText(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

export function el(name: string, attrs: Attrs = {}, ...children: Array<string | null | undefined>): string {
  const body = children.filter((c): c is string => Boolean(c)).join('');
  return body ? `<${name}${attrText(attrs)}>${body}</${name}>` : `<${name}${attrText(attrs)}/>`;
}

/** An element holding only escaped text, left out when the text is empty. */
export function text(name: string, value: string | number | null | undefined, attrs: Attrs = {}): string | null {
  if (value === null || value === undefined || value === '') return null;
  return `<${name}${attrText(attrs)}>${escapeXml(String(value))}</${name}>`;
}

export function money(amount: number, currency: string): string {
  return text('Money', amount.toFixed(2), { currency })!;
}

function phone(name: 'Phone' | 'Fax', country: string, area: string, number: string): string | null {
  if (!number) return null;
  return el(
    name,
    {},
    el(
      'TelephoneNumber',
      {},
      text('CountryCode', country) ?? el('CountryCode'),
      text('AreaOrCityCode', area) ?? el('AreaOrCityCode'),
      text('Number', number),
    ),
  );
}

/** Name, PostalAddress, Email, Phone and Fax of an address: the content of both Address and Contact. */
function addressParts(a: Address): Array<string | null> {
  const hasPostal = a.postalAddressStreet || a.postalAddressCity || a.postalAddressPostcode || a.postalAddressCountryCode;
  return [
    text('Name', a.name, { 'xml:lang': 'en' }) ?? el('Name', { 'xml:lang': 'en' }),
    hasPostal
      ? el(
          'PostalAddress',
          { name: a.postalAddressName },
          text('Street', a.postalAddressStreet),
          text('City', a.postalAddressCity),
          text('State', a.postalAddressState),
          text('PostalCode', a.postalAddressPostcode),
          text('Country', a.postalAddressCountryName || a.postalAddressCountryCode, { isoCountryCode: a.postalAddressCountryCode }),
        )
      : null,
    text('Email', a.email),
    phone('Phone', a.phoneCountryCode, a.phoneAreaCode, a.phoneNumber),
    phone('Fax', a.faxCountryCode, a.faxAreaCode, a.faxNumber),
  ];
}

export function address(a: Address): string {
  return el('Address', {}, ...addressParts(a));
}

export function contact(role: string, a: Address): string {
  return el('Contact', { role }, ...addressParts(a));
}

/** The cXML envelope: header naming sender and receiver by their organisation keys, and one request. */
export function envelope(opts: { from: string; to: string; request: string; timestamp?: string; payloadId?: string }): string {
  const timestamp = opts.timestamp ?? new Date().toISOString();
  const payloadId = opts.payloadId ?? `${Date.now()}.${randomUUID()}@procurement-portal`;
  const credential = (identity: string) => el('Credential', { domain: 'NetworkID' }, text('Identity', identity));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n' +
    el(
      'cXML',
      { payloadID: payloadId, timestamp, 'xml:lang': 'en-AU' },
      el(
        'Header',
        {},
        el('From', {}, credential(opts.from)),
        el('To', {}, credential(opts.to)),
        el('Sender', {}, credential(opts.from), text('UserAgent', 'Procurement Portal')),
      ),
      el('Request', { deploymentMode: 'production' }, opts.request),
    ) +
    '\n'
  );
}
