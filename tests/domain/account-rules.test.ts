import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByNo, DEFAULT_COUNTRY_NO } from '../../src/domain/countries';
import { fieldErrors } from '../../src/domain/messages';
import { messages } from '../../src/domain/messages';
import {
  accountNameMatches,
  canSaveAccount,
  hasUomMapping,
  NEW_ACCOUNT_DEFAULTS,
  renderForAccount,
  validateAccount,
} from '../../src/domain/rules/accounts';
import { isAccountUniqueKey, newAccountUniqueKey } from '../../src/domain/rules/account-unique-key';
import { isValidEmail, isValidEmailList } from '../../src/domain/rules/email';
import {
  conflictingPropertyNames,
  ediFieldsFor,
  ediOrderFormatValue,
  ediPasswordField,
  normaliseUomMapping,
  validateAccountCode,
  validateAsnRecipients,
  validateEdiOrderFormat,
  validateOtherOrgProperty,
  validateProperty,
  validateReceivingEmail,
  validateSenderSource,
  validateTaxCodes,
  validateUomMapping,
} from '../../src/domain/rules/properties';
import { canSaveUser, usernameOf, validateUser } from '../../src/domain/rules/users';
import { countrySchema } from '../../src/domain/schemas/accounts';
import { STANDARD_UOMS } from '../../src/domain/uom';

describe('account save', () => {
  it('needs a name; the email may be empty or must be valid', () => {
    expect(validateAccount({ name: 'Acme', email: '' })).toEqual([]);
    expect(validateAccount({ name: 'Acme', email: null })).toEqual([]);
    expect(validateAccount({ name: 'Acme', email: 'orders@acme.test' })).toEqual([]);
    expect(validateAccount({ name: '  ', email: 'x' })).toEqual([fieldErrors.required('Name'), fieldErrors.invalidEmail('Default Email Address')]);
    expect(canSaveAccount({ name: 'A', email: 'bad@' })).toBe(false);
  });

  it('a new account is a supplier in country 1 (Australia)', () => {
    expect(NEW_ACCOUNT_DEFAULTS).toEqual({ type: 1, countryNo: 1 });
    expect(countryByNo(DEFAULT_COUNTRY_NO)).toMatchObject({ Name: 'Australia', Code: 'AU' });
  });
});

describe('a new account\'s unique key', () => {
  it('is 12 capital letters or digits, new each time', () => {
    const keys = Array.from({ length: 200 }, () => newAccountUniqueKey((count) => crypto.getRandomValues(new Uint8Array(count))));
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // Over 2,400 characters every letter and digit turns up: none is left out of the alphabet.
    expect(new Set(keys.join('')).size).toBe(36);
  });

  it('is recognised by its shape only', () => {
    expect(isAccountUniqueKey('SUPACMESCI01')).toBe(true);
    for (const bad of ['', 'mine', 'supacmesci01', 'SUPACMESCI0', 'SUPACMESCI012', 'SUPACME-CI01']) expect(isAccountUniqueKey(bad)).toBe(false);
  });
});

describe('country list', () => {
  it('holds the ISO 3166 countries with unique numbers and two-letter codes, regions 0 to 3', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    for (const c of COUNTRIES) countrySchema.parse(c);
    expect(new Set(COUNTRIES.map((c) => c.CountryNo)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.Code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.find((c) => c.Code === 'NZ')?.RegionNo).toBe(0);
    expect(COUNTRIES.find((c) => c.Code === 'US')?.RegionNo).toBe(3);
  });
});

describe('user save', () => {
  it('needs first and last name and a valid email, used as username', () => {
    expect(validateUser({ firstName: 'A', lastName: 'B', email: 'a@b.test' })).toEqual([]);
    expect(validateUser({ firstName: '', lastName: ' ', email: 'a@b' })).toEqual([
      fieldErrors.required('First Name'),
      fieldErrors.required('Last Name'),
      fieldErrors.invalidEmail('Email'),
    ]);
    expect(usernameOf(' Ada@Example.TEST ')).toBe('ada@example.test');
  });
});

describe('properties', () => {
  it('property save needs name and value', () => {
    expect(validateProperty({ property: 'A', value: 'B' })).toEqual([]);
    expect(validateProperty({ property: '', value: '' })).toEqual([fieldErrors.required('Name'), fieldErrors.required('Value')]);
  });

  it('ASN recipients: non-empty comma-separated email list', () => {
    expect(validateAsnRecipients('a@x.test')).toEqual([]);
    expect(validateAsnRecipients('a@x.test, b@y.test,c@z.test')).toEqual([]);
    expect(validateAsnRecipients('')).toEqual([fieldErrors.required('ASN Recipients')]);
    expect(validateAsnRecipients('a@x.test,')).toEqual([fieldErrors.invalidEmailList('ASN Recipients')]);
    expect(validateAsnRecipients('a@x.test; b@y.test')).toEqual([fieldErrors.invalidEmailList('ASN Recipients')]);
    expect(validateProperty({ property: 'ASN_CONTACT_EMAIL_LIST', value: 'nope' })).toEqual([fieldErrors.invalidEmailList('ASN Recipients')]);
  });

  it('receiving email, sender source, tax codes, account codes, other-account property', () => {
    expect(validateReceivingEmail({ code: 'AP', emailAddress: '*@x.test' })).toEqual([]);
    expect(validateReceivingEmail({ code: '', emailAddress: '' })).toEqual([fieldErrors.required('Code'), fieldErrors.required('Email Address')]);
    expect(validateSenderSource({ identifier: '' })).toEqual([fieldErrors.required('Identifier')]);
    expect(validateSenderSource({ identifier: 'x.test' })).toEqual([]);
    expect(validateTaxCodes({ taxableCode: 'GST', nonTaxableCode: '' })).toEqual([fieldErrors.required('Non Taxable Code')]);
    expect(validateTaxCodes({ taxableCode: 'GST', nonTaxableCode: 'FRE' })).toEqual([]);
    expect(validateAccountCode(' ')).toEqual([fieldErrors.required('Account Code')]);
    expect(validateAccountCode('V1')).toEqual([]);
    expect(validateOtherOrgProperty({ otherOrgUniqueKey: 'K', property: '', value: '' })).toEqual([fieldErrors.required('Property'), fieldErrors.required('Value')]);
  });

  it('EDI order format is an integer with no decimals, 0 when empty', () => {
    expect(validateEdiOrderFormat(2)).toEqual([]);
    expect(validateEdiOrderFormat('12')).toEqual([]);
    expect(validateEdiOrderFormat('')).toEqual([]);
    expect(validateEdiOrderFormat(1.5)).toEqual([fieldErrors.notInteger('Order Format')]);
    expect(validateEdiOrderFormat('1.0')).toEqual([fieldErrors.notInteger('Order Format')]);
    expect(validateEdiOrderFormat('abc')).toEqual([fieldErrors.notInteger('Order Format')]);
    expect(ediOrderFormatValue(undefined)).toBe(0);
    expect(ediOrderFormatValue(' 7 ')).toBe(7);
  });

  it('UOM mapping needs at least one non-empty code', () => {
    expect(validateUomMapping({})).toEqual([fieldErrors.uomMappingEmpty]);
    expect(validateUomMapping({ EA: ' ', BX: '' })).toEqual([fieldErrors.uomMappingEmpty]);
    expect(validateUomMapping({ EA: 'EACH' })).toEqual([]);
    expect(normaliseUomMapping({ EA: ' EACH ', BX: '' })).toEqual({ EA: 'EACH' });
    expect(Object.keys(STANDARD_UOMS)).toEqual(expect.arrayContaining(['EA', 'BX', 'PK', 'CS', 'L', 'ML', 'KG', 'G', 'M']));
  });

  it('email checks', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a b@c.co')).toBe(false);
    expect(isValidEmailList('a@b.co , c@d.co')).toBe(true);
    expect(isValidEmailList('')).toBe(false);
  });
});

describe('assuming a role', () => {
  it('views a type 1 account as SUPPLIER and any other as UNIVERSITY, with its id and name', () => {
    expect(renderForAccount({ uniqueKey: 'SUPACMESCI01', name: 'Acme', type: 1 })).toEqual({ orgType: 'SUPPLIER', orgId: 'SUPACMESCI01', companyName: 'Acme' });
    expect(renderForAccount({ uniqueKey: 'UNIWESTMERE1', name: 'Westmere', type: 2 })).toEqual({ orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', companyName: 'Westmere' });
  });
  it('stops with its own message, not the one of assuming', () => {
    expect(messages.identityReleased).not.toBe(messages.identityAssumed);
  });
});

describe('accounts list and drawer', () => {
  it('filters by a part of the name, case ignored; an empty filter keeps all', () => {
    expect(accountNameMatches('Acme Scientific', 'scien')).toBe(true);
    expect(accountNameMatches('Acme Scientific', '  ')).toBe(true);
    expect(accountNameMatches('Acme Scientific', 'biolab')).toBe(false);
  });
  it('has a UOM Mapping tab only for Supplier accounts', () => {
    expect(hasUomMapping({ type: 1 })).toBe(true);
    expect(hasUomMapping({ type: 2 })).toBe(false);
    expect(hasUomMapping(null)).toBe(false);
  });
});

describe('property conflicts', () => {
  it('names each property held by more than one record', () => {
    expect([...conflictingPropertyNames([{ property: 'A' }, { property: 'B' }, { property: 'A' }])]).toEqual(['A']);
    expect(conflictingPropertyNames([{ property: 'A' }, { property: 'B' }]).size).toBe(0);
  });
});

describe('EDI password (write-only)', () => {
  it('a blank field keeps the stored one, Clear sends null, a typed one replaces it', () => {
    expect(ediPasswordField('', false)).toEqual({});
    expect('password' in ediPasswordField('', false)).toBe(false);
    expect(ediPasswordField('', true)).toEqual({ password: null });
    expect(ediPasswordField('typed', true)).toEqual({ password: null });
    expect(ediPasswordField('n3w', false)).toEqual({ password: 'n3w' });
  });
  it('shows the connection fields each type needs', () => {
    expect(ediFieldsFor('LOCAL')).toEqual([]);
    expect(ediFieldsFor('EMAIL')).toEqual(['endpoint']);
    expect(ediFieldsFor('cXML')).toEqual(['endpoint', 'user', 'password']);
    expect(ediFieldsFor('S3')).toEqual(['ftpServer', 'ftpDir', 'user', 'password']);
  });
});

describe('user save enabled', () => {
  it('needs first name, last name and a valid email', () => {
    expect(canSaveUser({ firstName: 'A', lastName: 'B', email: 'a@b.test' })).toBe(true);
    expect(canSaveUser({ firstName: 'A', lastName: ' ', email: 'a@b.test' })).toBe(false);
    expect(canSaveUser({ firstName: 'A', lastName: 'B', email: 'a@b' })).toBe(false);
  });
});
