import type { ProductRow } from './rows';

/** What search matches in a product: its code, description and other name, lower-cased. */
export const productHaystack = (r: ProductRow) => [r.productCode, r.description, r.otherName].filter(Boolean).join('\n').toLowerCase();

/** Between the haystacks of a chunk's products: nobody types it. */
export const HAYSTACK_SEPARATOR = '\u0000';
