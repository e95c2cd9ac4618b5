import type { ProductRow } from './rows';

/** The fields search reads: a held row's, or a server product's as it arrives. */
export type SearchedFields = Pick<ProductRow, 'productCode' | 'description' | 'otherName'>;

/** What search matches in a product: its code, description and other name, lower-cased. */
export const productHaystack = (r: SearchedFields) => [r.productCode, r.description, r.otherName].filter(Boolean).join('\n').toLowerCase();

/** Between the haystacks of a chunk's products: nobody types it. */
export const HAYSTACK_SEPARATOR = '\u0000';
