import { collectionCommands } from './collection-item';

/**
 * Add and rename a pricelist: rows of the seller scope's pricelists table, an added
 * one under a temporary key until the server answers with its `pricelistId`.
 */
export const pricelistCommands = collectionCommands({ name: 'pricelist', table: 'pricelists', path: '/pricelist', keyField: 'pricelistId' });
