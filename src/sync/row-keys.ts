/**
 * Keys of rows whose key is not a single id. They match the keys the server's
 * changes feed uses for the same rows, so a pulled row lands on the optimistic one.
 */
export const productKey = (sellerId: string, productCode: string) => `${sellerId}/${productCode}`;
export const productMetaKey = (buyerId: string, sellerId: string, productCode: string) => `${buyerId}:${sellerId}:${productCode}`;
export const otherOrgPropertyKey = (otherOrgUniqueKey: string, property: string) => `${otherOrgUniqueKey}/${property}`;
export const buyerSellerPropsKey = (buyerId: string, sellerId: string) => `${buyerId}/${sellerId}`;
/** A pricelist's price group (one product code); the row also holds `pricelistId` for the index. */
export const priceGroupKey = (pricelistId: string, productCode: string) => `${pricelistId}/${productCode}`;
