import { PROPERTY_NAMES } from '../../../src/domain/constants';
import { STANDARD_UOMS } from '../../../src/domain/uom';
import { otherOrgPropertyKey } from '../../accounts/views';
import { recordChange, type Scope } from '../../sync/change-log';
import type { Db } from '../database';
import { SUPPLIERS, SUPPORT_ORG, UNIVERSITIES, type DemoOrg } from './orgs';
import { Random } from './random';
import { SUPPLIER_ABN } from './seed-invoices';

/** The part of an organisation's email after the @: the demo mail domain of that organisation. */
const domainOf = (org: DemoOrg) => org.email.split('@')[1]!;

/** Accounts that show the alert icon in the accounts list. */
const ALERTED = ['SUPKESTREL01', 'UNILAKESIDE1'];

/**
 * Account administration for the demo organisations: basic properties, ASN
 * recipients, receiving emails, sender sources, EDI export settings (LOCAL, one
 * EMAIL), suppliers' UOM mappings, universities' tax codes and account codes.
 */
export async function seedAccounts(db: Db): Promise<void> {
  const random = new Random(20261101);
  await db.transaction().execute(async (trx) => {
    const orgNos = new Map((await trx.selectFrom('orgs').select(['org_no', 'unique_key']).execute()).map((o) => [o.unique_key, o.org_no]));
    const orgNo = (key: string) => orgNos.get(key)!;
    const own = (key: string): Scope[] => [{ kind: 'org', orgKey: key }];

    async function property(org: DemoOrg, name: string, value: string) {
      const { org_property_no } = await trx
        .insertInto('properties')
        .values({ org_no: orgNo(org.key), property: name, value, rev: 0, deleted: 0 })
        .returning('org_property_no')
        .executeTakeFirstOrThrow();
      const rev = await recordChange(trx, { entity: 'orgProperty', key: String(org_property_no), op: 'upsert', scopes: own(org.key) });
      await trx.updateTable('properties').set({ rev }).where('org_property_no', '=', org_property_no).execute();
    }

    async function withRev(entity: string, table: 'receiving_emails' | 'sender_sources' | 'edi_export_settings', org: DemoOrg, values: Record<string, unknown>) {
      const { id } = await trx
        .insertInto(table)
        .values({ ...values, org_no: orgNo(org.key), rev: 0, deleted: 0 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const rev = await recordChange(trx, { entity, key: String(id), op: 'upsert', scopes: own(org.key) });
      await trx.updateTable(table).set({ rev }).where('id', '=', id).execute();
    }

    for (const supplier of SUPPLIERS) {
      const domain = domainOf(supplier);
      await property(supplier, PROPERTY_NAMES.asnContactEmailList, `dispatch@${domain}, ${supplier.email}`);
      await property(supplier, 'INVOICE_PREFIX', supplier.key.slice(3, 7));
      await property(supplier, 'TIMEZONE', 'Australia/Sydney');
      await property(supplier, 'ABN', SUPPLIER_ABN[supplier.key]!);
      await withRev('receivingEmail', 'receiving_emails', supplier, { code: 'PO', email_address: `po@${domain}` });
      await withRev('senderSource', 'sender_sources', supplier, { identifier: domain });
      for (const docType of ['po', 'asn'] as const) {
        await withRev('ediExportSetting', 'edi_export_settings', supplier, { doc_type: docType, order_format: 0, type: 'LOCAL' });
      }

      const units = Object.keys(STANDARD_UOMS).filter(() => random.chance(0.5));
      const rev = await recordChange(trx, { entity: 'uomMapping', key: supplier.key, op: 'upsert', scopes: own(supplier.key) });
      await trx
        .insertInto('uom_mappings')
        .values(units.map((unit) => ({ org_no: orgNo(supplier.key), standard_unit: unit, code: random.pick(STANDARD_UOMS[unit]!.variations), rev })))
        .execute();
    }

    for (const [u, uni] of UNIVERSITIES.entries()) {
      const domain = domainOf(uni);
      await property(uni, 'AP_SYSTEM', random.pick(['TechnologyOne', 'SAP', 'Oracle Financials']));
      await withRev('receivingEmail', 'receiving_emails', uni, { code: 'AP', email_address: `invoices@${domain}` });
      await withRev('receivingEmail', 'receiving_emails', uni, { code: 'AP-SCAN', email_address: `*@scan.${domain}` });
      for (const supplier of SUPPLIERS.slice(0, 3)) {
        await withRev('senderSource', 'sender_sources', uni, { identifier: domainOf(supplier) });
      }
      for (const docType of ['inv', 'po', 'asn'] as const) {
        // One organisation takes its invoices by mail, to show the EMAIL channel.
        const email = uni.key === 'UNIWESTMERE1' && docType === 'inv';
        await withRev('ediExportSetting', 'edi_export_settings', uni, {
          doc_type: docType,
          order_format: docType === 'po' ? 1 : 0,
          type: email ? 'EMAIL' : 'LOCAL',
          endpoint: email ? uni.email : null,
        });
      }

      const taxRev = await recordChange(trx, { entity: 'buyerSettings', key: uni.key, op: 'upsert', scopes: own(uni.key) });
      await trx
        .insertInto('buyer_settings')
        .values({ org_no: orgNo(uni.key), taxable_code: ['GST', 'P1', 'TX10'][u]!, non_taxable_code: ['FRE', 'P0', 'TX00'][u]!, rev: taxRev })
        .execute();

      for (const [s, supplier] of SUPPLIERS.entries()) {
        const vendorNo = String(10000 + (u + 1) * 100 + s);
        const codes: Array<[string, string]> = [
          [PROPERTY_NAMES.supplierCode, `V${vendorNo}`],
          [PROPERTY_NAMES.supplierCodeAp, `AP${vendorNo}`],
        ];
        for (const [name, value] of codes) {
          const rev = await recordChange(trx, { entity: 'otherOrgProperty', key: otherOrgPropertyKey(supplier.key, name), op: 'upsert', scopes: own(uni.key) });
          await trx.insertInto('other_org_properties').values({ org_no: orgNo(uni.key), other_org_key: supplier.key, property: name, value, rev, deleted: 0 }).execute();
        }
        const propsRev = await recordChange(trx, { entity: 'buyerSellerProps', key: `${uni.key}/${supplier.key}`, op: 'upsert', scopes: own(uni.key) });
        await trx
          .insertInto('buyer_seller_props')
          .values({ buyer_org_no: orgNo(uni.key), seller_org_no: orgNo(supplier.key), supplier_code: `C${vendorNo}`, rev: propsRev })
          .execute();
      }
    }

    const supportScope = own(SUPPORT_ORG.key);
    for (const key of ALERTED) {
      const rev = await recordChange(trx, { entity: 'account', key, op: 'upsert', scopes: supportScope });
      await trx.updateTable('orgs').set({ alert: 1, rev }).where('unique_key', '=', key).execute();
    }
  });
}
