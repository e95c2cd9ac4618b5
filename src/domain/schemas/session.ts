import * as z from 'zod/mini';
import { ORG_TYPES, USER_TYPES, type RenderFor } from '../roles';

/*
 * The answers the browser reads before and at sign-in (the session probe, the login,
 * the profile a start restores offline). Written with zod/mini: full zod's classic API
 * cannot be tree-shaken, and every visitor of the sign-in page would download it. The
 * request bodies of the sign-in and password calls are in auth-requests.ts.
 */

const policyStateSchema = z.enum(['TERMS_OF_USE', 'ACTIVE']);

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
    userNo: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
  }),
  policy: policySchema,
  orgName: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * GET /session: whether this browser holds a session, answered 200 either way, so a
 * signed-out load probes without a failed request; signed in, the policy and the
 * profile come along, so a start asks once, not twice in a row.
 */
export const sessionProbeSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  z.object({ signedIn: z.literal(true), policy: policySchema, profile: profileSchema }),
]);
export type SessionProbe = z.infer<typeof sessionProbeSchema>;

/** The servlet's M=1 answer. */
export const loginAnswerSchema = z.object({ orgType: z.enum(ORG_TYPES) });

/** GET /org/{id}. */
export const orgSummarySchema = z.object({ name: z.string(), uniqueKey: z.string() });

/** The assumed organisation of a support user, as kept in local storage. */
export const renderForSchema = z.object({
  orgType: z.enum(['SUPPLIER', 'UNIVERSITY']),
  orgId: z.string(),
  companyName: z.string(),
}) satisfies z.ZodMiniType<RenderFor>;
