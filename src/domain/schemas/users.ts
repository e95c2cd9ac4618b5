import { z } from 'zod';
import { wholeNumber } from './numbers';
import { ASN_FIELD_LENGTHS } from '../constants';
import { text } from './text';
import { USER_TYPES } from '../roles';

/** Types a user community can give; SUPPORT belongs to support staff only. */
const communityUserTypeSchema = z.enum(['REGULAR', 'ADMIN']);

export const userSchema = z.object({
  userNo: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  type: z.enum(USER_TYPES),
});
export type User = z.infer<typeof userSchema>;

/** POST /org/{orgid}/user and PUT .../{userNo}: the username is always the email. */
export const userInputSchema = z.object({
  firstName: text('name'),
  lastName: text('name'),
  email: z.string().max(ASN_FIELD_LENGTHS.email),
  type: communityUserTypeSchema.default('REGULAR'),
  userNo: z.number().int().optional(),
  username: z.string().max(ASN_FIELD_LENGTHS.email).optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

export const userListQuerySchema = z.object({
  offset: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(100)).default(20),
  nameLike: z.string().optional(),
  type: communityUserTypeSchema.optional(),
});

/** GET /org/{orgid}/user: one offset page (page size 20). */
export const userPageSchema = z.array(userSchema);
