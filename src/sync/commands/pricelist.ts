import { collectionCommands } from './collection-item';
import { upsertRowCommand } from './upsert-row';

/**
 * Add and rename a pricelist: rows of the seller scope's pricelists table, an added
 * one under a temporary key until the server answers with its `pricelistId`.
 */
export const pricelistCommands = collectionCommands({ name: 'pricelist', table: 'pricelists', path: '/pricelist', keyField: 'pricelistId' });

/** Map Universities: the pricelist's row holds its `buyerIds`, replaced whole as the PUT replaces them. */
export const pricelistMappingCommand = upsertRowCommand('pricelist.mapping');
