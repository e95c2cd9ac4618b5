/**
 * How screens name what the store holds: a scope, the key of a row whose key is not a
 * single id, whether a row is still waiting for the key the server gives it, and the
 * collections of the account drawer. From src/sync, which features reach only through
 * src/local (the lint's layer zones in eslint.config.js).
 */
export { scopeId } from '../../sync/scope';
export { buyerSellerPropsKey, otherOrgPropertyKey } from '../../sync/row-keys';
export { COLLECTIONS, isTemporaryKey, type CollectionName } from '../../sync/commands/collection-item';
