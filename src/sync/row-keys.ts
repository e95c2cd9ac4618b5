/**
 * Keys of rows whose key is not a single id. They match the keys the server's
 * changes feed uses for the same rows, so a pulled row lands on the optimistic one.
 */
export const productKey = (sellerId: string, productCode: string) => `${sellerId}/${productCode}`;
/** The seller of a product key (seller ids have no `/`; product codes may). */
export const sellerOfProductKey = (key: string) => key.slice(0, key.indexOf('/'));
/** The changes feed names a product `seller:code`; the store keys it as productKey does. */
export const productKeyOfFeedKey = (feedKey: string) => {
  const colon = feedKey.indexOf(':');
  return productKey(feedKey.slice(0, colon), feedKey.slice(colon + 1));
};
export const productMetaKey = (buyerId: string, sellerId: string, productCode: string) => `${buyerId}:${sellerId}:${productCode}`;
export const otherOrgPropertyKey = (otherOrgUniqueKey: string, property: string) => `${otherOrgUniqueKey}/${property}`;
export const buyerSellerPropsKey = (buyerId: string, sellerId: string) => `${buyerId}/${sellerId}`;
/** A pricelist's price group (one product code); the row also holds `pricelistId` for the index. */
export const priceGroupKey = (pricelistId: string, productCode: string) => `${pricelistId}/${productCode}`;
