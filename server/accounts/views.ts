import type { Selectable } from 'kysely';
import type { Account } from '../../src/domain/schemas/accounts';
import type {
  EdiExportSetting,
  OrgProperty,
  OtherOrgProperty,
  ReceivingEmail,
  SenderSource,
  UomMapping,
} from '../../src/domain/schemas/properties';
import type { User } from '../../src/domain/schemas/users';
import type { EdiDocType, EdiType } from '../../src/domain/schemas/properties';
import type { UserType } from '../../src/domain/roles';
import type { Db } from '../db/database';
import type {
  EdiExportSettingsTable,
  OtherOrgPropertiesTable,
  PropertiesTable,
  ReceivingEmailsTable,
  SenderSourcesTable,
} from '../db/tables/accounts';
import type { OrgsTable, UsersTable } from '../db/tables/core';

/** Row -> answer in the spec's field names, shared by the routes and the changes feed. */

export function accountView(row: Selectable<OrgsTable>): Account {
  return {
    uniqueKey: row.unique_key,
    orgNo: row.org_no,
    name: row.name,
    tradingName: row.trading_name,
    type: row.type === 1 ? 1 : 2,
    countryNo: row.country_no,
    address2: row.address2,
    state: row.state,
    postCode: row.post_code,
    email: row.email,
    industryNo: row.industry_no,
    membershipStatus: row.membership_status,
    busy: row.busy === 1,
    alert: row.alert === 1,
  };
}

export function userView(row: Pick<Selectable<UsersTable>, 'user_no' | 'first_name' | 'last_name' | 'email' | 'username' | 'type'>): User {
  return {
    userNo: row.user_no,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    type: row.type as UserType,
  };
}

export function orgPropertyView(row: Selectable<PropertiesTable>): OrgProperty {
  return { orgPropertyNo: row.org_property_no, orgNo: row.org_no, property: row.property, value: row.value };
}

export function otherOrgPropertyView(row: Selectable<OtherOrgPropertiesTable>): OtherOrgProperty {
  return { otherOrgUniqueKey: row.other_org_key, property: row.property, value: row.value };
}

/** The changes-feed key of an other-org property: it is addressed by account and name, not by id. */
export function otherOrgPropertyKey(otherOrgKey: string, property: string): string {
  return `${otherOrgKey}/${property}`;
}

export function receivingEmailView(row: Selectable<ReceivingEmailsTable>): ReceivingEmail {
  return { id: row.id, code: row.code, emailAddress: row.email_address };
}

export function senderSourceView(row: Selectable<SenderSourcesTable>): SenderSource {
  return { id: row.id, identifier: row.identifier };
}

export function ediExportSettingView(row: Selectable<EdiExportSettingsTable>): EdiExportSetting {
  return {
    id: row.id,
    docType: row.doc_type as EdiDocType,
    orderFormat: row.order_format,
    type: row.type as EdiType,
    ftpServer: row.ftp_server,
    ftpDir: row.ftp_dir,
    user: row.ftp_user,
    passwordSet: Boolean(row.password),
    endpoint: row.endpoint,
  };
}

export async function readUomMapping(db: Db, orgNo: number): Promise<UomMapping> {
  const rows = await db.selectFrom('uom_mappings').select(['standard_unit', 'code']).where('org_no', '=', orgNo).execute();
  return Object.fromEntries(rows.map((r) => [r.standard_unit, r.code]));
}
