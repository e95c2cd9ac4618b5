import { z } from 'zod';

/**
 * The packages of an ASN (issue 31): cartons and pallets, each with its SSCC when the
 * supplier has a GS1 company prefix, and what of each line it holds. A carton may sit
 * on a pallet (`parent`, the pallet's place in the list).
 */
export const asnPackageSchema = z.object({
  sscc: z
    .string()
    .regex(/^\d{18}$/)
    .nullable(),
  kind: z.enum(['carton', 'pallet']),
  parent: z.number().int().min(0).nullable().default(null),
  lines: z
    .array(z.object({ number: z.number().int(), quantity: z.number() }))
    .max(1000)
    .default([]),
});
export type AsnPackage = z.infer<typeof asnPackageSchema>;

export const asnPackagesSchema = z.array(asnPackageSchema).max(500).default([]);
