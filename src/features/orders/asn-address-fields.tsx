import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import type { Address } from '../../domain/schemas/orders';
import { Field } from '../../ui/field/Field';
import { FieldGrid } from '../../ui/form-parts';

const LABELS: Record<keyof Address, string> = {
  name: 'Name',
  postalAddressName: 'Postal Address Name',
  postalAddressStreet: 'Street',
  postalAddressCity: 'City',
  postalAddressState: 'State',
  postalAddressPostcode: 'Postcode',
  postalAddressCountryCode: 'Country Code',
  postalAddressCountryName: 'Country Name',
  email: 'Email',
  phoneCountryCode: 'Phone Country Code',
  phoneAreaCode: 'Phone Area Code',
  phoneNumber: 'Phone Number',
  faxCountryCode: 'Fax Country Code',
  faxAreaCode: 'Fax Area Code',
  faxNumber: 'Fax Number',
};

const INPUT_TYPES: Partial<Record<keyof Address, { type: string; inputMode?: 'tel' | 'email' }>> = {
  email: { type: 'email', inputMode: 'email' },
  phoneCountryCode: { type: 'tel', inputMode: 'tel' },
  phoneAreaCode: { type: 'tel', inputMode: 'tel' },
  phoneNumber: { type: 'tel', inputMode: 'tel' },
  faxCountryCode: { type: 'tel', inputMode: 'tel' },
  faxAreaCode: { type: 'tel', inputMode: 'tel' },
  faxNumber: { type: 'tel', inputMode: 'tel' },
};

interface AsnAddressFieldsProps {
  side: 'shipFrom' | 'shipTo';
  address: Address;
  readOnly: boolean;
  errorOf: (field: string) => string | undefined;
  /** The id of a field's input, from its rule field id ('shipFrom.name'). */
  idOf: (field: string) => string;
  onChange: (address: Address) => void;
}

/** Every address field, limited to the spec's ASN lengths where it gives one. */
export function AsnAddressFields({ side, address, readOnly, errorOf, idOf, onChange }: AsnAddressFieldsProps) {
  return (
    <FieldGrid>
      {(Object.keys(LABELS) as Array<keyof Address>).map((field) => (
        <Field
          key={field}
          id={idOf(`${side}.${field}`)}
          label={LABELS[field]}
          value={address[field]}
          readOnly={readOnly}
          maxLength={(ASN_FIELD_LENGTHS as Partial<Record<string, number>>)[field]}
          error={errorOf(`${side}.${field}`)}
          type={INPUT_TYPES[field]?.type ?? 'text'}
          inputMode={INPUT_TYPES[field]?.inputMode}
          onChange={(event) => onChange({ ...address, [field]: event.target.value })}
        />
      ))}
    </FieldGrid>
  );
}
