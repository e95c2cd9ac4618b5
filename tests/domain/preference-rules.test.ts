import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { validatePricelist } from '../../src/domain/rules/catalogue';
import { errorsByField } from '../../src/domain/rules/errors-by-field';
import {
  otherPropertyInConflict,
  validateAccountCode,
  validateAsnRecipients,
  validateOtherOrgProperty,
  validateTaxCodes,
} from '../../src/domain/rules/properties';

describe('preference rules', () => {
  it('takes an ASN recipient list of addresses separated by commas, spaces around them allowed', () => {
    expect(validateAsnRecipients(' a@x.test ,b@y.test ')).toEqual([]);
    expect(validateAsnRecipients('   ')).toEqual([fieldErrors.required('ASN Recipients')]);
    for (const bad of ['a@x.test b@y.test', 'a@x', '@x.test', 'a@x.test,,b@y.test', 'a b@x.test']) {
      expect(validateAsnRecipients(bad)).toEqual([fieldErrors.invalidEmailList('ASN Recipients')]);
    }
  });

  it('needs both tax codes, an account code, and the property and value of another account', () => {
    expect(validateTaxCodes({ taxableCode: ' ', nonTaxableCode: '' })).toEqual([
      fieldErrors.required('Taxable Code'),
      fieldErrors.required('Non Taxable Code'),
    ]);
    expect(validateTaxCodes({ taxableCode: 'GST', nonTaxableCode: 'FRE' })).toEqual([]);
    expect(validateAccountCode('  ')).toEqual([fieldErrors.required('Account Code')]);
    expect(validateOtherOrgProperty({ otherOrgUniqueKey: 'SUPACMESCI01', property: '', value: ' ' })).toEqual([
      fieldErrors.required('Property'),
      fieldErrors.required('Value'),
    ]);
    expect(validatePricelist({ name: '' })).toHaveLength(1);
  });

  it('puts each error at the field it names, the longest label first, and keeps the rest for the form', () => {
    const labels = { taxable: 'Taxable Code', nonTaxable: 'Non Taxable Code' };
    const errors = [fieldErrors.required('Non Taxable Code'), fieldErrors.required('Taxable Code'), 'Something else'];
    expect(errorsByField(errors, labels)).toEqual({
      fields: { taxable: 'Taxable Code is required', nonTaxable: 'Non Taxable Code is required' },
      form: ['Something else'],
    });
    expect(errorsByField(['Any refusal'], { value: 'List of ASN Recipients' })).toEqual({ fields: { value: 'Any refusal' }, form: [] });
  });

  it('holds an other-account property in conflict when the server counts more than one record of it', () => {
    expect(otherPropertyInConflict({ value: 'V-1', records: 2 })).toBe(true);
    expect(otherPropertyInConflict({ value: 'V-1', records: 1 })).toBe(false);
    // A row only this browser has written yet: one record.
    expect(otherPropertyInConflict({ value: 'V-1' })).toBe(false);
  });
});
