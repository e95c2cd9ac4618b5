import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

/**
 * Support's PDF extraction templates, per supplier (see server/intake/extract): the
 * template body as JSON, one name per supplier. Not mirrored to browsers: only support
 * edits them, online, since the server alone decides whether a pattern is usable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('extraction_templates'), 'id')
    .addColumn('org_no', 'integer', (c) => c.notNull().references('orgs.org_no').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('extraction_templates_org_name').on('extraction_templates').columns(['org_no', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('extraction_templates').execute();
}
