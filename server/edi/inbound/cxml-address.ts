import type { Address } from '../../../src/domain/schemas/orders';
import { EMPTY_ADDRESS } from '../../../src/domain/schemas/orders';
import { attrOf, childOf, childrenOf, textAt, type XmlTree } from './xml-tree';

/**
 * A cXML Address or Contact as the portal's Address: the organisation is the Name (or the
 * PostalAddress's name), the person the first DeliverTo, the inverse of server/edi/cxml.ts.
 */

function telephone(el: XmlTree | null): { country: string; area: string; number: string } {
  const tel = childOf(el, 'TelephoneNumber');
  const ext = textAt(tel, 'Extension');
  return { country: textAt(tel, 'CountryCode'), area: textAt(tel, 'AreaOrCityCode'), number: ext ? `${textAt(tel, 'Number')} ext ${ext}` : textAt(tel, 'Number') };
}

function parts(el: XmlTree, personName: string | null): Address {
  const postal = childOf(el, 'PostalAddress');
  const name = textAt(el, 'Name');
  const deliverTo = childrenOf(postal, 'DeliverTo').map((d) => d.text.trim()).filter(Boolean);
  const phone = telephone(childOf(el, 'Phone'));
  const fax = telephone(childOf(el, 'Fax'));
  const country = childOf(postal, 'Country');
  return {
    ...EMPTY_ADDRESS,
    name: personName ?? deliverTo[0] ?? '',
    postalAddressName: personName !== null ? attrOf(postal, 'name') : name || attrOf(postal, 'name'),
    postalAddressStreet: childrenOf(postal, 'Street').map((s) => s.text.trim()).filter(Boolean).join(', '),
    postalAddressCity: textAt(postal, 'City'),
    postalAddressState: textAt(postal, 'State'),
    postalAddressPostcode: textAt(postal, 'PostalCode'),
    postalAddressCountryCode: attrOf(country, 'isoCountryCode') || attrOf(el, 'isoCountryCode'),
    postalAddressCountryName: (country?.text ?? '').trim(),
    email: textAt(el, 'Email'),
    phoneCountryCode: phone.country,
    phoneAreaCode: phone.area,
    phoneNumber: phone.number,
    faxCountryCode: fax.country,
    faxAreaCode: fax.area,
    faxNumber: fax.number,
  };
}

/** A place: ShipTo or BillTo (their Address child), or null when absent. */
export function placeAddress(holder: XmlTree | null): Address | null {
  const address = childOf(holder, 'Address');
  return address ? parts(address, null) : null;
}

/** A Contact standing for a person: its Name is the person. */
export function personAddress(contact: XmlTree | null): Address | null {
  return contact ? parts(contact, textAt(contact, 'Name')) : null;
}

/** One line of text naming a place, for a line whose ship-to differs from the order's. */
export function addressLine(a: Address): string {
  return [a.name, a.postalAddressName, a.postalAddressStreet, a.postalAddressCity, a.postalAddressState, a.postalAddressPostcode]
    .filter(Boolean)
    .join(', ');
}
