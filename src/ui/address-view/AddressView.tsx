import type { Address } from '../../domain/schemas/orders';
import { AddressList } from './address-view.styles';

const phone = (country: string, area: string, number: string) => [country && `+${country}`, area, number].filter(Boolean).join(' ');

/** Every field of an address (spec section 3), empty ones shown as a dash so nothing seems missing. */
export function AddressView({ address }: { address: Partial<Address> | undefined }) {
  const a = address ?? {};
  const rows: Array<[string, string]> = [
    ['Name', a.name ?? ''],
    ['Postal address name', a.postalAddressName ?? ''],
    ['Street', a.postalAddressStreet ?? ''],
    ['City', a.postalAddressCity ?? ''],
    ['State', a.postalAddressState ?? ''],
    ['Postcode', a.postalAddressPostcode ?? ''],
    ['Country code', a.postalAddressCountryCode ?? ''],
    ['Country', a.postalAddressCountryName ?? ''],
    ['Email', a.email ?? ''],
    ['Phone', phone(a.phoneCountryCode ?? '', a.phoneAreaCode ?? '', a.phoneNumber ?? '')],
    ['Fax', phone(a.faxCountryCode ?? '', a.faxAreaCode ?? '', a.faxNumber ?? '')],
  ];
  return (
    <AddressList>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '–'}</dd>
        </div>
      ))}
    </AddressList>
  );
}
