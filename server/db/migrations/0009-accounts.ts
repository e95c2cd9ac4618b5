import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const orgRef = 'orgs.org_no';

  await withId(db, db.schema.createTable('properties'), 'org_property_no')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('property', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('properties_org_property').on('properties').columns(['org_no', 'property', 'org_property_no']).execute();
  await db.schema.createIndex('properties_org_no').on('properties').columns(['org_no', 'deleted', 'org_property_no']).execute();

  await withId(db, db.schema.createTable('other_org_properties'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('other_org_key', 'text', (c) => c.notNull())
    .addColumn('property', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('other_org_properties_key')
    .on('other_org_properties')
    .columns(['org_no', 'other_org_key', 'property'])
    .execute();

  await withId(db, db.schema.createTable('receiving_emails'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('receiving_emails_org').on('receiving_emails').columns(['org_no', 'deleted', 'id']).execute();

  await withId(db, db.schema.createTable('sender_sources'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sender_sources_org').on('sender_sources').columns(['org_no', 'deleted', 'id']).execute();

  await withId(db, db.schema.createTable('edi_export_settings'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('order_format', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('LOCAL'))
    .addColumn('ftp_server', 'text')
    .addColumn('ftp_dir', 'text')
    .addColumn('ftp_user', 'text')
    .addColumn('password', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('edi_export_settings_org').on('edi_export_settings').columns(['org_no', 'doc_type', 'deleted']).execute();

  await withId(db, db.schema.createTable('uom_mappings'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('standard_unit', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('uom_mappings_unit', ['org_no', 'standard_unit'])
    .execute();

  await db.schema
    .createTable('buyer_settings')
    .addColumn('org_no', 'integer', (c) => c.primaryKey().references(orgRef).onDelete('cascade'))
    .addColumn('taxable_code', 'text', (c) => c.notNull())
    .addColumn('non_taxable_code', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('buyer_seller_props')
    .addColumn('buyer_org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('seller_org_no', 'integer', (c) => c.notNull().references(orgRef).onDelete('cascade'))
    .addColumn('supplier_code', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('buyer_seller_props_pk', ['buyer_org_no', 'seller_org_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'buyer_seller_props',
    'buyer_settings',
    'uom_mappings',
    'edi_export_settings',
    'sender_sources',
    'receiving_emails',
    'other_org_properties',
    'properties',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
