import type { z } from 'zod';
import type { accountListQuerySchema } from '../../src/domain/schemas/accounts';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { containsIgnoreCase } from './like';

/** Account type a supplier or a buyer may list: the other side of its trade (1 supplier, 2 university). */
const COUNTERPART_TYPE = { SUPPLIER: 2, UNIVERSITY: 1 } as const;

/**
 * GET /org for a supplier or a buyer: the accounts of the other side, to pick from (a
 * pricelist's universities, the Account No tab's suppliers). Names and keys only; the
 * address stays with support and trading partners.
 */
export async function listCounterparts(db: Db, user: SessionUser, query: z.infer<typeof accountListQuerySchema>) {
  const type = user.orgType === 'SUPPORT' ? undefined : COUNTERPART_TYPE[user.orgType];
  if (type === undefined || query.type !== type) throw forbidden();
  let q = db.selectFrom('orgs').select(['unique_key', 'name', 'type']).where('deleted', '=', 0).where('type', '=', type);
  if (query.nameLike?.trim()) q = q.where(containsIgnoreCase('name', query.nameLike.trim()));
  const rows = await q.orderBy('name').orderBy('org_no').limit(query.limit).offset(query.offset).execute();
  return rows.map((r) => ({ uniqueKey: r.unique_key, name: r.name, type }));
}
