import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  let products = withId(db, db.schema.createTable('products'), 'id')
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull());
  for (const col of ['description', 'long_description', 'other_name', 'unit_of_measure', 'flag_code', 'taxable']) {
    products = products.addColumn(col, 'text');
  }
  products = products.addColumn('lead_time', 'integer').addColumn('warrenty_period', 'integer');
  for (const col of ['unavailable_from_date', 'unavailable_to_date', 'chemical_classifications', 'chem_management_platform_id', 'cas_numbers']) {
    products = products.addColumn(col, 'text');
  }
  for (const col of ['dangerous_goods_flag', 'hazardous_material_flag', 'radio_active_flag']) {
    products = products.addColumn(col, 'integer');
  }
  for (const dim of ['weight', 'width', 'height', 'depth', 'length']) {
    products = products.addColumn(dim, 'real').addColumn(`${dim}_unit`, 'text');
  }
  await products
    .addColumn('message', 'text')
    .addColumn('comments', 'text')
    .addColumn('barcodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('assets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('catalog_code', 'text')
    .addColumn('class_code', 'text')
    .addColumn('category_code', 'text')
    .addColumn('group_code', 'text')
    .addColumn('category_descriptions', 'text')
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Unique per seller, and the cursor-paging order of the product lists.
  await db.schema.createIndex('products_seller_code').unique().on('products').columns(['seller_key', 'product_code']).execute();
  await db.schema.createIndex('products_seller_group').on('products').columns(['seller_key', 'group_code']).execute();

  await withId(db, db.schema.createTable('seller_prices'), 'id')
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull())
    .addColumn('lower_quantity', 'integer', (c) => c.notNull())
    .addColumn('upper_quantity', 'integer')
    .addColumn('price', 'real', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seller_prices_product').on('seller_prices').columns(['seller_key', 'product_code']).execute();

  await withId(db, db.schema.createTable('product_meta'), 'id')
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contract_prices', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_exported_ms', 'bigint')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_meta_key')
    .unique()
    .on('product_meta')
    .columns(['buyer_key', 'seller_key', 'product_code'])
    .execute();

  await db.schema
    .createTable('category_trees')
    .addColumn('buyer_key', 'text', (c) => c.primaryKey())
    .addColumn('tree', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('pricelists'), 'id')
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pricelists_seller').on('pricelists').columns(['seller_key', 'id']).execute();

  await withId(db, db.schema.createTable('pricelist_prices'), 'id')
    .addColumn('pricelist_id', 'integer', (c) => c.notNull().references('pricelists.id').onDelete('cascade'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('lower_quantity', 'integer', (c) => c.notNull())
    .addColumn('upper_quantity', 'integer')
    .addColumn('price', 'real', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pricelist_prices_code').on('pricelist_prices').columns(['pricelist_id', 'product_code']).execute();

  await db.schema
    .createTable('pricelist_buyers')
    .addColumn('pricelist_id', 'integer', (c) => c.notNull().references('pricelists.id').onDelete('cascade'))
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pricelist_buyers_pk', ['pricelist_id', 'buyer_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pricelist_buyers', 'pricelist_prices', 'pricelists', 'category_trees', 'product_meta', 'seller_prices', 'products']) {
    await db.schema.dropTable(t).execute();
  }
}
