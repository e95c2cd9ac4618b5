import { z } from 'zod';
import { text } from './text';
import { ORG_TYPES, USER_TYPES, type RenderFor } from '../roles';

export const policyStateSchema = z.enum(['TERMS_OF_USE', 'ACTIVE']);
export type PolicyState = z.infer<typeof policyStateSchema>;

/** GET /policy: what the signed-in user is and whether the terms still wait. */
export const policySchema = z.object({
  orgType: z.enum(ORG_TYPES),
  orgId: z.string(),
  userType: z.enum(USER_TYPES),
  state: policyStateSchema,
});
export type Policy = z.infer<typeof policySchema>;

/** GET /profile. */
export const profileSchema = z.object({
  user: z.object({
    userNo: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
  }),
  policy: policySchema,
  orgName: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The servlet's M=1 answer. */
export const loginAnswerSchema = z.object({ orgType: z.enum(ORG_TYPES) });

export const loginFormSchema = z.object({
  M: z.literal('1'),
  username: text('name'),
  password: text('secret'),
  captcha: text('text'),
});

export const sendRecoveryCodeSchema = z.object({ username: text('name') });
export const resetPasswordSchema = z.object({
  username: text('name'),
  verificationCode: text('code'),
  newPassword: text('secret'),
});
export const changePasswordSchema = z.object({ oldPassword: text('secret'), newPassword: text('secret') });

/** GET /org/{id}. */
export const orgSummarySchema = z.object({ name: z.string(), uniqueKey: z.string() });

/** Every error answer of the API: the generic toast joins this list. */
export const errorBodySchema = z.object({ errors: z.array(z.string()) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The assumed organisation of a support user, as kept in local storage. */
export const renderForSchema = z.object({
  orgType: z.enum(['SUPPLIER', 'UNIVERSITY']),
  orgId: z.string(),
  companyName: z.string(),
}) satisfies z.ZodType<RenderFor>;
