import { z } from 'zod';
import { wholeNumber } from './numbers';
import { text } from './text';
import { PAGE_SIZE } from '../constants';

/** Pricelists as the spec names them (access-orders-asn-pricelists.md section 3). */

export const pricelistSchema = z.object({ pricelistId: z.number().int(), name: z.string() });
export type Pricelist = z.infer<typeof pricelistSchema>;

const pricelistPriceSchema = z.object({
  uom: z.string(),
  startDate: z.string(),
  lowerQuantity: z.number(),
  upperQuantity: z.number().nullable(),
  price: z.number(),
});

export const priceGroupSchema = z.object({ productCode: z.string(), prices: z.array(pricelistPriceSchema) });
export type PriceGroup = z.infer<typeof priceGroupSchema>;

export const pricelistMappingSchema = z.object({ buyerIds: z.array(text('code')).max(10_000) });
export type PricelistMapping = z.infer<typeof pricelistMappingSchema>;

export const pricelistPageSchema = z.object({ data: z.array(pricelistSchema), cursor: z.string().nullable() });
export const priceGroupPageSchema = z.object({ data: z.array(priceGroupSchema), cursor: z.string().nullable() });

export const pricelistInputSchema = z.object({ name: text('name').default('') });
export const cursorQuerySchema = z.object({
  limit: wholeNumber(z.number().min(1).max(100)).default(PAGE_SIZE),
  cursor: z.string().optional(),
});
