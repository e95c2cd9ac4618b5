import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { fieldErrors } from '../../src/domain/messages';
import { usernameOf, validateUser } from '../../src/domain/rules/users';
import { userInputSchema, userListQuerySchema, userPageSchema, userSchema, type UserInput } from '../../src/domain/schemas/users';
import { containsIgnoreCase } from '../accounts/like';
import { insertUser } from '../accounts/insert-user';
import { supportScopes } from '../accounts/support-scopes';
import { sendWelcomeMail } from '../accounts/welcome-mail';
import { userView } from '../accounts/views';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { writeHistory } from '../history';
import { badRequest, conflict, notFound } from '../http/errors';
import { emptyAnswer } from '../http/empty-answer';
import { mutate } from '../http/mutate';
import { requireCapability, requireOrg } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const orgParams = z.object({ orgId: z.string() });
const userParams = z.object({ orgId: z.string(), userNo: wholeNumber(z.number().positive()) });

/** The User Community is support-only, and exists for accounts (suppliers and universities). */
async function communityOrg(request: FastifyRequest, db: Db, orgKey: string) {
  const { user, org } = await requireOrg(request, db, 'org', orgKey);
  requireCapability(user, org, 'viewUserCommunity');
  if (org.orgType === 'SUPPORT') throw notFound('Organisation');
  return { user, org };
}

async function findUser(trx: Tx, orgNo: number, userNo: number) {
  const row = await trx
    .selectFrom('users')
    .selectAll()
    .where('user_no', '=', userNo)
    .where('org_no', '=', orgNo)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('User');
  return row;
}

function checkUser(input: UserInput): void {
  const errors = validateUser(input);
  if (errors.length) throw badRequest(errors);
}

/** Usernames are unique across the portal: the email signs in whatever the organisation. */
async function ensureUsernameFree(trx: Tx, username: string, exceptUserNo?: number): Promise<void> {
  let q = trx.selectFrom('users').select('user_no').where('username', '=', username);
  if (exceptUserNo !== undefined) q = q.where('user_no', '!=', exceptUserNo);
  if (await q.executeTakeFirst()) throw conflict([fieldErrors.usernameTaken]);
}

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  api.get('/org/:orgId/user', { schema: { params: orgParams, querystring: userListQuerySchema, response: { 200: userPageSchema } } }, async (request) => {
    const { org } = await communityOrg(request, db, request.params.orgId);
    const query = request.query;
    let q = db.selectFrom('users').selectAll().where('org_no', '=', org.orgNo).where('deleted', '=', 0);
    if (query.type) q = q.where('type', '=', query.type);
    const text = query.nameLike?.trim();
    if (text) {
      q = q.where((eb) =>
        eb.or([containsIgnoreCase('first_name', text), containsIgnoreCase('last_name', text), containsIgnoreCase('email', text)]),
      );
    }
    const rows = await q.orderBy('user_no').limit(query.limit).offset(query.offset).execute();
    return rows.map(userView);
  });

  api.post('/org/:orgId/user', { schema: { params: orgParams, body: userInputSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const { user, org } = await communityOrg(request, db, request.params.orgId);
    const input = request.body;
    checkUser(input);
    return mutate(db, request, reply, async (trx) => {
      const username = usernameOf(input.email);
      await ensureUsernameFree(trx, username);
      // No password: the new user sets one through password recovery, which also proves the address.
      const userNo = await insertUser(trx, {
        orgNo: org.orgNo,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        username,
        type: input.type,
        passwordHash: null,
      });
      const row = await findUser(trx, org.orgNo, userNo);
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'user',
        entityKey: String(row.user_no),
        type: 'CREATED',
        action: 'User added',
        description: `${fullName(row)} (${row.email}) added as ${row.type}`,
      });
      const welcome = { email: row.email, username: row.username, firstName: row.first_name };
      return {
        status: 201,
        body: userView(row),
        // The user exists whatever the mail does: a failed mail is logged, and recovery can be asked for any time.
        afterCommit: () =>
          sendWelcomeMail(ctx.config, welcome, `${request.protocol}://${request.host}`).catch((error: unknown) =>
            request.log.error({ err: error }, 'welcome mail could not be sent'),
          ),
      };
    });
  });

  api.put('/org/:orgId/user/:userNo', { schema: { params: userParams, body: userInputSchema, response: { 200: userSchema } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await communityOrg(request, db, params.orgId);
    const input = request.body;
    checkUser(input);
    return mutate(db, request, reply, async (trx) => {
      await findUser(trx, org.orgNo, params.userNo);
      const username = usernameOf(input.email);
      await ensureUsernameFree(trx, username, params.userNo);
      const rev = await recordChange(trx, { entity: 'user', key: String(params.userNo), op: 'upsert', scopes: await supportScopes(trx) });
      await trx
        .updateTable('users')
        .set({ first_name: input.firstName.trim(), last_name: input.lastName.trim(), email: input.email.trim(), username, type: input.type, rev })
        .where('user_no', '=', params.userNo)
        .execute();
      const row = await findUser(trx, org.orgNo, params.userNo);
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'user',
        entityKey: String(row.user_no),
        type: 'UPDATED',
        action: 'User updated',
        description: `${fullName(row)} (${row.email}) updated, type ${row.type}`,
      });
      return { body: userView(row) };
    });
  });

  api.delete('/org/:orgId/user/:userNo', { schema: { params: userParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await communityOrg(request, db, params.orgId);
    if (params.userNo === user.userNo) throw badRequest([fieldErrors.ownUserDelete]);
    return mutate(db, request, reply, async (trx) => {
      const row = await findUser(trx, org.orgNo, params.userNo);
      const rev = await recordChange(trx, { entity: 'user', key: String(row.user_no), op: 'delete', scopes: await supportScopes(trx) });
      // The username is freed so the address can be given to a new user; the person is signed out at once.
      await trx
        .updateTable('users')
        .set({ deleted: 1, rev, password_hash: null, username: `${row.username}#deleted-${row.user_no}` })
        .where('user_no', '=', row.user_no)
        .execute();
      await trx.deleteFrom('sessions').where('user_no', '=', row.user_no).execute();
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'user',
        entityKey: String(row.user_no),
        type: 'DELETED',
        action: 'User deleted',
        description: `${fullName(row)} (${row.email}) deleted`,
      });
      return { body: {} };
    });
  });
}
