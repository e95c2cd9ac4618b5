import { describe, expect, it } from 'vitest';
import { can, perspectiveOf, type Capability, type Viewer } from '../../src/domain/roles';

const supplier: Viewer = { userType: 'ADMIN', orgType: 'SUPPLIER', orgId: 'SUPACMESCI01' };
const buyer: Viewer = { userType: 'REGULAR', orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1' };
const support: Viewer = { userType: 'SUPPORT', orgType: 'SUPPORT', orgId: 'SUPPORT00001' };
const supportAsBuyer: Viewer = {
  ...support,
  renderFor: { orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', companyName: 'University of Westmere' },
};

const menu: Capability[] = ['viewCatalogue', 'viewPricelists', 'viewOrders', 'viewInvoices', 'viewAccounts', 'viewPreferences'];
const visible = (v: Viewer) => menu.filter((c) => can(v, c));

describe('capability table', () => {
  it('gives each role the menu of the spec', () => {
    expect(visible(supplier)).toEqual(['viewCatalogue', 'viewPricelists', 'viewOrders', 'viewPreferences']);
    expect(visible(buyer)).toEqual(['viewCatalogue', 'viewOrders', 'viewInvoices', 'viewPreferences']);
    expect(visible(support)).toEqual(menu);
  });

  it('renders an assuming support user as the assumed organisation type, keeping Accounts', () => {
    expect(perspectiveOf(supportAsBuyer)).toBe('UNIVERSITY');
    expect(visible(supportAsBuyer)).toEqual(['viewCatalogue', 'viewOrders', 'viewInvoices', 'viewAccounts', 'viewPreferences']);
  });

  it('lets only suppliers create ASNs and only buyers curate catalogues', () => {
    expect(can(supplier, 'createAsn')).toBe(true);
    expect(can(buyer, 'createAsn')).toBe(false);
    expect(can(support, 'createAsn')).toBe(false);
    expect(can({ ...buyer, userType: 'ADMIN' }, 'includeProducts')).toBe(true);
    expect(can(supplier, 'includeProducts')).toBe(false);
  });

  it('lets REGULAR users do the daily work and keeps configuring to ADMIN and SUPPORT users', () => {
    const warehouse: Viewer = { ...supplier, userType: 'REGULAR' };
    const buyerAdmin: Viewer = { ...buyer, userType: 'ADMIN' };
    const daily: Capability[] = ['viewCatalogue', 'viewOrders', 'viewPreferences', 'createAsn', 'viewPricelists'];
    expect(daily.filter((c) => can(warehouse, c))).toEqual(daily);
    expect(['viewInvoices', 'viewBuyerSettings'].filter((c) => can(buyer, c as Capability))).toEqual(['viewInvoices', 'viewBuyerSettings']);
    const supplierConfig: Capability[] = ['editPricelists', 'uploadPriceFile', 'editUomMapping', 'editProperties', 'manageAsnRecipients', 'exportOrder', 'exportAsn'];
    const buyerConfig: Capability[] = ['editProperties', 'editTaxCodes', 'editAccountCodes', 'editCategoryTree', 'includeProducts', 'manageCatalogueTemplates', 'exportCatalogue', 'exportInvoices'];
    expect(supplierConfig.filter((c) => can(warehouse, c))).toEqual([]);
    expect(buyerConfig.filter((c) => can(buyer, c))).toEqual([]);
    expect(supplierConfig.filter((c) => can(supplier, c))).toEqual(supplierConfig);
    expect(buyerConfig.filter((c) => can(buyerAdmin, c))).toEqual(buyerConfig);
    // Support acting for a buyer configures it as its admin would.
    expect(buyerConfig.filter((c) => can(supportAsBuyer, c))).toEqual(buyerConfig);
  });

  it('keeps the user community to support', () => {
    expect(can(supplier, 'viewUserCommunity')).toBe(false);
    expect(can({ ...buyer, userType: 'ADMIN' }, 'viewUserCommunity')).toBe(false);
    expect(can(support, 'viewUserCommunity')).toBe(true);
  });

  it('ignores a render-for on a user who is not support', () => {
    const forged: Viewer = { ...buyer, renderFor: { orgType: 'SUPPLIER', orgId: 'X', companyName: 'X' } };
    expect(perspectiveOf(forged)).toBe('UNIVERSITY');
  });
});
