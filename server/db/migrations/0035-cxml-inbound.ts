import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

/**
 * cXML in: each organisation's credentials (identities and a hashed shared secret), the
 * log of every inbound request with the answer it got (a replay of an applied payloadID
 * is answered from here), and on orders the version and payloadID of the buyer's latest
 * OrderRequest, and on lines whether the product code is outside the supplier's catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cxml_credentials')
    .addColumn('org_key', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('cxml_identities'), 'id')
    .addColumn('org_key', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    /** The domain lower-cased: cXML domains are compared without case. */
    .addColumn('domain_lc', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .addUniqueConstraint('cxml_identities_domain_identity', ['domain_lc', 'identity'])
    .execute();
  await db.schema.createIndex('cxml_identities_org').on('cxml_identities').column('org_key').execute();

  await withId(db, db.schema.createTable('cxml_inbound'), 'id')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('payload_id', 'text', (c) => c.notNull())
    .addColumn('request_type', 'text', (c) => c.notNull())
    .addColumn('from_org_key', 'text')
    .addColumn('to_org_key', 'text')
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('status_text', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    /** `<sender org>/<payloadID>` of an applied request: unique, so two copies racing apply once. */
    .addColumn('replay_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('cxml_inbound_from').on('cxml_inbound').columns(['from_org_key', 'id']).execute();
  await db.schema.createIndex('cxml_inbound_to').on('cxml_inbound').columns(['to_org_key', 'id']).execute();
  await db.schema.createIndex('cxml_inbound_source').on('cxml_inbound').columns(['source', 'received_at']).execute();

  await db.schema.alterTable('orders').addColumn('order_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('orders').addColumn('payload_id', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('order_lines').addColumn('free_text', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('free_text').execute();
  await db.schema.alterTable('orders').dropColumn('payload_id').execute();
  await db.schema.alterTable('orders').dropColumn('order_version').execute();
  await db.schema.dropTable('cxml_inbound').execute();
  await db.schema.dropTable('cxml_identities').execute();
  await db.schema.dropTable('cxml_credentials').execute();
}
