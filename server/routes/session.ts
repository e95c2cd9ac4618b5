import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateRecoveryCode, validateRecoveryRequest } from '../../src/domain/auth-rules';
import { fieldErrors } from '../../src/domain/messages';
import { validateNewPassword } from '../../src/domain/password-policy';
import { partial } from 'zod/mini';
import { changePasswordSchema, resetPasswordSchema, sendRecoveryCodeSchema } from '../../src/domain/schemas/auth-requests';
import { orgSummarySchema, policySchema, profileSchema, sessionProbeSchema, type Policy, type Profile, type SessionProbe } from '../../src/domain/schemas/session';
import type { AppContext } from '../app-context';
import { issueChallenge } from '../auth/altcha';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  checkRecoveryCode,
  findActiveUser,
  issueRecoveryCode,
  RECOVERY_GUESS_TOTAL_KEY,
  RECOVERY_GUESSES_PER_ADDRESS,
  RECOVERY_GUESSES_TOTAL,
  RECOVERY_REQUESTS_PER_ADDRESS,
  recoveryGuessKey,
  recoveryRequestKey,
} from '../auth/recovery';
import type { SessionUser } from '../auth/session';
import { deleteUserSessions } from '../auth/sessions';
import { writeHistory } from '../history';
import { recentCount, recordFailure } from '../auth/throttle';
import { badRequest, HttpError } from '../http/errors';
import { emptyAnswer } from '../http/empty-answer';
import { mutate } from '../http/mutate';
import { requireOrg, requireUser } from '../policy';

function policyOf(user: SessionUser): Policy {
  return {
    orgType: user.orgType,
    orgId: user.orgKey,
    userType: user.userType,
    state: user.policyState === 'ACTIVE' ? 'ACTIVE' : 'TERMS_OF_USE',
  };
}

/** GET /profile's answer; GET /session carries it too, so a start needs one round trip. */
async function profileOf(db: AppContext['db'], user: SessionUser): Promise<Profile> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'username'])
    .where('user_no', '=', user.userNo)
    .executeTakeFirstOrThrow();
  return {
    user: { userNo: user.userNo, firstName: row.first_name, lastName: row.last_name, email: row.email, username: row.username },
    policy: policyOf(user),
    orgName: user.orgName,
  };
}

const tooManyAttempts = () => new HttpError(429, [fieldErrors.tooManyAttempts]);

/** Wrong old passwords a user's sessions may send to changePassword in 15 minutes. */
export const PASSWORD_CHANGE_GUESSES = 5;
const passwordChangeKey = (userNo: number) => `password-change:${userNo}`;

/** Names and the username make weak passwords: zxcvbn scores them as guessable. */
const userInputs = (u: { username: string; first_name: string; last_name: string }) => [u.username, u.first_name, u.last_name];

/**
 * The human check's signed challenge, altcha-lib's `Challenge` (v2) field by field: the
 * answer is written from this schema, so a field the library adds must be added here too
 * (the sign-in's end-to-end tests solve a real challenge).
 */
const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
});
const orgParams = z.object({ id: z.string() });
const termsOfUse = { 200: { description: 'The terms as plain text, paragraphs split by blank lines', content: { 'text/plain': { schema: z.string() } } } };

/** The session, terms of use, profile, password recovery and password change calls. */
export async function sessionRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/altcha/challenge', { schema: { security: [], response: { 200: challengeSchema } } }, async () => issueChallenge(config));

  api.get('/policy', { schema: { response: { 200: policySchema } } }, async (request) => policyOf(requireUser(request, { allowPendingTerms: true })));

  api.get('/session', { schema: { security: [], response: { 200: sessionProbeSchema } } }, async (request): Promise<SessionProbe> => {
    return request.user ? { signedIn: true, policy: policyOf(request.user), profile: await profileOf(db, request.user) } : { signedIn: false };
  });

  // Plain text, paragraphs split by blank lines: the terms screen shows it as it comes.
  api.get('/policy/terms-of-use', { schema: { response: termsOfUse } }, async (request, reply) => {
    requireUser(request, { allowPendingTerms: true });
    return reply.type('text/plain; charset=utf-8').send(config.termsOfUse);
  });

  const acceptSchema = { body: partial(policySchema), response: { 200: policySchema } };
  api.put('/policy/actions/acceptTermsOfUse', { schema: acceptSchema }, async (request, reply) => {
    const user = requireUser(request, { allowPendingTerms: true });
    return mutate(db, request, reply, async (trx) => {
      if (user.policyState !== 'ACTIVE') {
        await trx.updateTable('users').set({ policy_state: 'ACTIVE' }).where('user_no', '=', user.userNo).execute();
        await writeHistory(trx, user, {
          orgKey: user.orgKey,
          entity: 'user',
          entityKey: String(user.userNo),
          type: 'TERMS_ACCEPTED',
          action: 'Terms of use accepted',
          description: `${user.displayName} accepted the Terms of Use`,
        });
      }
      return { body: policyOf({ ...user, policyState: 'ACTIVE' }) };
    });
  });

  api.get('/profile', { schema: { response: { 200: profileSchema } } }, async (request): Promise<Profile> => profileOf(db, requireUser(request, { allowPendingTerms: true })));

  api.get('/org/:id', { schema: { params: orgParams, response: { 200: orgSummarySchema } } }, async (request) => {
    const { org } = await requireOrg(request, db, 'org', request.params.id);
    return { name: org.name, uniqueKey: org.orgKey };
  });

  const recoverySchema = { security: [], body: sendRecoveryCodeSchema, response: { 200: emptyAnswer } };
  api.post('/login/actions/sendRecoveryCode', { schema: recoverySchema }, async (request) => {
    const { username } = request.body;
    const errors = validateRecoveryRequest({ username });
    if (errors.length) throw badRequest(errors);
    // Counted per address for every username alike, so the limit says nothing about who exists.
    const requestKey = recoveryRequestKey(request.ip);
    if ((await recentCount(db, requestKey)) >= RECOVERY_REQUESTS_PER_ADDRESS) throw tooManyAttempts();
    await recordFailure(db, [requestKey]);
    // The lookup and the mail run after the answer: known and unknown usernames answer alike, and as fast.
    app.afterAnswer.run('recovery code mail', () => issueRecoveryCode(db, config, username));
    return {};
  });

  api.post('/login/actions/resetPassword', { schema: { security: [], body: resetPasswordSchema, response: { 200: emptyAnswer } } }, async (request) => {
    const input = request.body;
    const missing = validateRecoveryCode(input);
    if (missing.length) throw badRequest(missing);
    const guessKeys = [recoveryGuessKey(request.ip), RECOVERY_GUESS_TOTAL_KEY];
    const [fromAddress, total] = await Promise.all(guessKeys.map((key) => recentCount(db, key)));
    if (fromAddress! >= RECOVERY_GUESSES_PER_ADDRESS || total! >= RECOVERY_GUESSES_TOTAL) throw tooManyAttempts();
    const wrongCode = async (error: string) => {
      await recordFailure(db, guessKeys);
      return badRequest([error]);
    };
    const user = await findActiveUser(db, input.username);
    if (!user) throw await wrongCode(fieldErrors.recoveryCodeInvalid);
    const checked = await checkRecoveryCode(db, config, user.user_no, input.verificationCode);
    if ('error' in checked) throw await wrongCode(checked.error);
    const passwordErrors = validateNewPassword(input.newPassword, userInputs(user));
    if (passwordErrors.length) throw badRequest(passwordErrors);

    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction().execute(async (trx) => {
      const consumed = await trx
        .updateTable('recovery_codes')
        .set({ used: 1 })
        .where('id', '=', checked.codeId)
        .where('used', '=', 0)
        .executeTakeFirst();
      // Two resets with the same code raced: only the first one counts.
      if (Number(consumed.numUpdatedRows) === 0) throw badRequest([fieldErrors.recoveryCodeInvalid]);
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('user_no', '=', user.user_no).execute();
      await deleteUserSessions(trx, user.user_no);
      const org = await trx.selectFrom('orgs').select('unique_key').where('org_no', '=', user.org_no).executeTakeFirstOrThrow();
      const name = `${user.first_name} ${user.last_name}`.trim();
      await writeHistory(trx, name, {
        orgKey: org.unique_key,
        entity: 'user',
        entityKey: String(user.user_no),
        type: 'PASSWORD_RESET',
        action: 'Password reset',
        description: `${name} reset the password with a verification code`,
      });
    });
    return {};
  });

  const changeSchema = { params: z.object({ orgid: z.string() }), body: changePasswordSchema, response: { 200: emptyAnswer } };
  api.put('/org/:orgid/user/actions/changePassword', { schema: changeSchema }, async (request, reply) => {
    // The path names the user's own organisation (support may name any); the password changed is always the caller's own.
    const { user } = await requireOrg(request, db, 'org', request.params.orgid);
    const input = request.body;
    // A stolen session may not guess the old password: five wrong ones per user in 15 minutes.
    const guessKey = passwordChangeKey(user.userNo);
    if ((await recentCount(db, guessKey)) >= PASSWORD_CHANGE_GUESSES) throw tooManyAttempts();
    let oldPasswordWrong = false;
    const changed = mutate(db, request, reply, async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select(['username', 'first_name', 'last_name', 'password_hash'])
        .where('user_no', '=', user.userNo)
        .executeTakeFirstOrThrow();
      if (!input.oldPassword) throw badRequest([fieldErrors.required('Old password')]);
      if (!(await verifyPassword(row.password_hash, input.oldPassword))) {
        oldPasswordWrong = true;
        throw badRequest([fieldErrors.oldPasswordWrong]);
      }
      const errors = validateNewPassword(input.newPassword, userInputs(row));
      if (errors.length) throw badRequest(errors);
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.newPassword) })
        .where('user_no', '=', user.userNo)
        .execute();
      await deleteUserSessions(trx, user.userNo, user.sessionId);
      await writeHistory(trx, user, {
        orgKey: user.orgKey,
        entity: 'user',
        entityKey: String(user.userNo),
        type: 'PASSWORD_CHANGED',
        action: 'Password changed',
        description: `${user.displayName} changed the password`,
      });
      return { body: {} };
    });
    // Counted outside the change's transaction, which the refusal rolls back.
    return changed.catch(async (error: unknown) => {
      if (oldPasswordWrong) await recordFailure(db, [guessKey]);
      throw error;
    });
  });
}
