import { z } from 'zod';

export const MATCHING_MODES = ['2-way', '3-way'] as const;

/** A buyer's 'Invoice Matching' preferences; the server checks them again with validateMatchingSettings. */
export const matchingSettingsSchema = z.object({
  mode: z.enum(MATCHING_MODES),
  pricePercent: z.number().finite(),
  priceAmount: z.number().finite(),
  quantityUnits: z.number().finite(),
  quantityPercent: z.number().finite(),
  totalPercent: z.number().finite(),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;

/** Peers' defaults: 3-way, no price variance, 1 unit or 5 % on quantities (SAP Ariba), 5 % on the total. */
export const DEFAULT_MATCHING_SETTINGS: MatchingSettings = {
  mode: '3-way',
  pricePercent: 0,
  priceAmount: 0,
  quantityUnits: 1,
  quantityPercent: 5,
  totalPercent: 5,
};

export const MATCH_STATUSES = ['Matched', 'Pending Receiving', 'Exceptions'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What the last matching run decided; exceptions is the number of validation errors. */
export const matchOutcomeSchema = z.object({
  status: z.enum(MATCH_STATUSES),
  exceptions: z.number().int().min(0),
});
export type MatchOutcome = z.infer<typeof matchOutcomeSchema>;
