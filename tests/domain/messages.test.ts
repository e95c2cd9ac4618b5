import { describe, expect, it } from 'vitest';
import { errorToastText, formatMessage, messages } from '../../src/domain/messages';

describe('message catalogue', () => {
  // The spec's wording is the contract, typos included: a "correction" here breaks it.
  it('keeps the spec spelling of the login, recovery and password messages', () => {
    expect(messages.loginUnauthorized).toBe('Unauthorized access, please check your credentials');
    expect(messages.somethingWentWrong).toBe('Something went wrong, please try again later');
    expect(messages.recoveryCodeSent).toBe('A verification code has been sent to your email');
    expect(messages.passwordReset).toBe('Password succesfully reseted!');
    expect(messages.passwordUpdated).toBe('Password succesfully updated!');
    expect(messages.termsCheckbox).toBe('I have read and accept the Terms of Use');
    expect(messages.identityAssumed).toBe('Identity assumed.');
  });

  it('keeps the contract typos of the catalogue messages', () => {
    expect(messages.templateGenerateFailed).toBe("Cound't generate file, please try later");
    expect(messages.uploadUrlFailed).toBe("Cound't upload file, please try later");
    expect(messages.catalogueExportFailed).toBe("Cound't export catalogue, please try later");
    expect(messages.asnSaved).toBe('Asn record saved');
  });

  it('fills placeholders the way the spec writes them', () => {
    expect(formatMessage.pricelistMapped('Standard', 3)).toBe('Pricelist Standard mapped with 3 accounts');
    expect(formatMessage.accountCodeUpdated('Acme')).toBe('Account Code for Acme has been updated');
    expect(formatMessage.propertyDeleteConfirm('SUPPLIER_CODE')).toBe('Property SUPPLIER_CODE is going to be permanently deleted.');
  });
});

describe('generic error toast', () => {
  it('joins the errors list first', () => {
    expect(errorToastText({ errors: ['a', 'b'], Message: 'm' }, new Error('e'))).toBe('a, b');
  });
  it('then uses Message', () => {
    expect(errorToastText({ errors: [], Message: 'm' }, new Error('e'))).toBe('m');
  });
  it('then the error message', () => {
    expect(errorToastText(null, new Error('e'))).toBe('e');
  });
  it("else says it can't process the request", () => {
    expect(errorToastText(undefined, null)).toBe("Can't process this request!");
  });
});
