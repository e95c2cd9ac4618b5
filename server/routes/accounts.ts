import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryByNo } from '../../src/domain/countries';
import { fieldErrors } from '../../src/domain/messages';
import { isAccountUniqueKey } from '../../src/domain/rules/account-unique-key';
import { ACCOUNT_FIXED_FIELDS, NEW_ACCOUNT_DEFAULTS, validateAccount } from '../../src/domain/rules/accounts';
import { accountInputSchema, accountListQuerySchema, accountPageSchema, accountSchema, counterpartSchema, type AccountInput } from '../../src/domain/schemas/accounts';
import { listCounterparts } from '../accounts/counterparts';
import { containsIgnoreCase } from '../accounts/like';
import { supportScopes } from '../accounts/support-scopes';
import { newUniqueKey, uniqueKeyTaken } from '../accounts/unique-key';
import { accountView } from '../accounts/views';
import type { AppContext } from '../app-context';
import type { SessionUser } from '../auth/session';
import { writeHistory } from '../history';
import { badRequest, conflict, notFound } from '../http/errors';
import { emptyAnswer } from '../http/empty-answer';
import { mutate } from '../http/mutate';
import { requireSupport, requireUser } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const keyParams = z.object({ uniqueKey: z.string() });

/** The spec's accounts are suppliers (1) and universities (2); the support organisation is not one. */
async function findAccount(trx: Tx, uniqueKey: string) {
  const row = await trx
    .selectFrom('orgs')
    .selectAll()
    .where('unique_key', '=', uniqueKey)
    .where('deleted', '=', 0)
    .where('type', 'in', [1, 2])
    .executeTakeFirst();
  if (!row) throw notFound('Account');
  return row;
}

function checkAccount(input: AccountInput): void {
  const errors = validateAccount(input);
  if (input.countryNo !== undefined && !countryByNo(input.countryNo)) errors.push('Country is not in the country list');
  if (errors.length) throw badRequest(errors);
}

const nullIfBlank = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/** The columns a save writes; fields the body leaves out keep their value on an edit. */
function accountColumns(input: AccountInput) {
  return {
    name: input.name.trim(),
    trading_name: nullIfBlank(input.tradingName),
    type: input.type,
    country_no: input.countryNo,
    address2: nullIfBlank(input.address2),
    state: nullIfBlank(input.state),
    post_code: nullIfBlank(input.postCode),
    email: nullIfBlank(input.email),
    alert: input.alert === undefined ? undefined : input.alert ? 1 : 0,
    industry_no: ACCOUNT_FIXED_FIELDS.industryNo,
    membership_status: ACCOUNT_FIXED_FIELDS.membershipStatus,
  };
}

async function accountHistory(trx: Tx, user: SessionUser, orgKey: string, type: string, action: string, description: string) {
  await writeHistory(trx, user, { orgKey, entity: 'account', entityKey: orgKey, type, action, description });
}

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  api.get('/org', { schema: { querystring: accountListQuerySchema, response: { 200: z.union([accountPageSchema, z.array(counterpartSchema)]) } } }, async (request) => {
    const user = requireUser(request);
    const query = request.query;
    if (user.userType !== 'SUPPORT') return listCounterparts(db, user, query);
    let q = db.selectFrom('orgs').selectAll().where('deleted', '=', 0);
    q = query.type ? q.where('type', '=', query.type) : q.where('type', 'in', [1, 2]);
    if (query.nameLike?.trim()) q = q.where(containsIgnoreCase('name', query.nameLike.trim()));
    const rows = await q.orderBy('name').orderBy('org_no').limit(query.limit).offset(query.offset).execute();
    return rows.map(accountView);
  });

  api.post('/org', { schema: { body: accountInputSchema, response: { 201: accountSchema } } }, async (request, reply) => {
    const user = requireSupport(request);
    const input = request.body;
    checkAccount(input);
    const chosenKey = input.uniqueKey;
    if (chosenKey !== undefined && !isAccountUniqueKey(chosenKey)) throw badRequest([fieldErrors.accountKeyInvalid]);
    return mutate(db, request, reply, async (trx) => {
      // The browser's key is taken as it is, so what it queued under that key stays valid; never one held before.
      if (chosenKey !== undefined && (await uniqueKeyTaken(trx, chosenKey))) throw conflict([fieldErrors.accountKeyTaken]);
      const uniqueKey = chosenKey ?? (await newUniqueKey(trx));
      const rev = await recordChange(trx, { entity: 'account', key: uniqueKey, op: 'upsert', scopes: await supportScopes(trx) });
      const columns = accountColumns(input);
      await trx
        .insertInto('orgs')
        .values({
          ...columns,
          unique_key: uniqueKey,
          trading_name: columns.trading_name ?? null,
          type: input.type ?? NEW_ACCOUNT_DEFAULTS.type,
          country_no: input.countryNo ?? NEW_ACCOUNT_DEFAULTS.countryNo,
          address2: columns.address2 ?? null,
          state: columns.state ?? null,
          post_code: columns.post_code ?? null,
          email: columns.email ?? null,
          alert: columns.alert ?? 0,
          busy: 0,
          rev,
          deleted: 0,
        })
        .execute();
      await accountHistory(trx, user, uniqueKey, 'CREATED', 'Account created', `Account ${columns.name} created`);
      return { status: 201, body: accountView(await findAccount(trx, uniqueKey)) };
    });
  });

  api.put('/org/:uniqueKey', { schema: { params: keyParams, body: accountInputSchema, response: { 200: accountSchema } } }, async (request, reply) => {
    const user = requireSupport(request);
    const { uniqueKey } = request.params;
    const input = request.body;
    checkAccount(input);
    return mutate(db, request, reply, async (trx) => {
      await findAccount(trx, uniqueKey);
      const rev = await recordChange(trx, { entity: 'account', key: uniqueKey, op: 'upsert', scopes: await supportScopes(trx) });
      await trx
        .updateTable('orgs')
        .set({ ...accountColumns(input), rev })
        .where('unique_key', '=', uniqueKey)
        .execute();
      await accountHistory(trx, user, uniqueKey, 'UPDATED', 'Account updated', `Account ${input.name.trim()} updated`);
      return { body: accountView(await findAccount(trx, uniqueKey)) };
    });
  });

  api.delete('/org/:uniqueKey', { schema: { params: keyParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const user = requireSupport(request);
    const { uniqueKey } = request.params;
    return mutate(db, request, reply, async (trx) => {
      const account = await findAccount(trx, uniqueKey);
      const scopes = await supportScopes(trx);
      const rev = await recordChange(trx, { entity: 'account', key: uniqueKey, op: 'delete', scopes });
      await trx.updateTable('orgs').set({ deleted: 1, rev }).where('org_no', '=', account.org_no).execute();
      // Its people go with it: signed out at once, their usernames free for a new account.
      const users = await trx.selectFrom('users').select(['user_no', 'username']).where('org_no', '=', account.org_no).where('deleted', '=', 0).execute();
      for (const u of users) {
        const userRev = await recordChange(trx, { entity: 'user', key: String(u.user_no), op: 'delete', scopes });
        await trx
          .updateTable('users')
          .set({ deleted: 1, rev: userRev, password_hash: null, username: `${u.username}#deleted-${u.user_no}` })
          .where('user_no', '=', u.user_no)
          .execute();
        await trx.deleteFrom('sessions').where('user_no', '=', u.user_no).execute();
      }
      await accountHistory(trx, user, uniqueKey, 'DELETED', 'Account deleted', `Account ${account.name} deleted`);
      return { body: {} };
    });
  });
}
