import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { jobQueuedSchema, jobSchema, type JobView } from '../../../src/domain/schemas/jobs';
import type { TestApp } from './test-app';

/** Users of the authorization matrix, by the side of the path they are asked against. */
export const ACTORS = {
  seller: { owner: 'supplier@acme.demo.test', sameType: 'admin@biolab.demo.test', otherType: 'buyer@uni.demo.test' },
  buyer: { owner: 'buyer@uni.demo.test', sameType: 'buyer@northgate.demo.test', otherType: 'supplier@acme.demo.test' },
} as const;
export const SUPPORT = 'support@demo.test';
export const ACME = 'SUPACMESCI01';
export const WESTMERE = 'UNIWESTMERE1';

export const newKey = () => randomUUID();

/** Status codes for owner, same-type org, other-type org, support, no session. */
export async function matrix(
  t: TestApp,
  side: 'seller' | 'buyer',
  request: () => { method: 'GET' | 'POST'; url: string; payload?: unknown },
): Promise<number[]> {
  const a = ACTORS[side];
  const codes: number[] = [];
  for (const user of [a.owner, a.sameType, a.otherType, SUPPORT, null]) {
    const r = request();
    const res = await t.as(user, {
      method: r.method,
      url: r.url,
      headers: r.method === 'POST' ? { 'idempotency-key': newKey() } : {},
      ...(r.payload === undefined ? {} : { payload: r.payload as object }),
    });
    codes.push(res.statusCode);
  }
  return codes;
}

/** An order of the demo pair (Acme selling to Westmere) picked by a condition on its row. */
export async function demoOrder(
  t: TestApp,
  where: { state?: string; canExport?: boolean; sellerRead?: boolean; buyerRead?: boolean; unshipped?: boolean } = {},
) {
  let q = t.db
    .selectFrom('orders')
    .selectAll()
    .where('seller_key', '=', ACME)
    .where('buyer_key', '=', WESTMERE)
    .where('deleted', '=', 0);
  if (where.state) q = q.where('state', '=', where.state);
  if (where.canExport !== undefined) q = q.where('can_export', '=', where.canExport ? 1 : 0);
  if (where.sellerRead !== undefined) q = q.where('seller_read', '=', where.sellerRead ? 1 : 0);
  if (where.buyerRead !== undefined) q = q.where('buyer_read', '=', where.buyerRead ? 1 : 0);
  if (where.unshipped) q = q.where(({ not, exists, selectFrom }) => not(exists(selectFrom('asns').select('asns.id').whereRef('asns.order_id', '=', 'orders.id'))));
  return q.orderBy('id').executeTakeFirstOrThrow();
}

/**
 * An export request's answer (202 `{jobId}`) followed through: the queued job is run, and
 * its view, as the exporting organisation's users see it, is answered.
 */
export async function runExport(t: TestApp, orgKey: string, res: { statusCode: number; json(): unknown }): Promise<JobView> {
  expect(res.statusCode).toBe(202);
  const { jobId } = jobQueuedSchema.parse(res.json());
  await t.app.jobRunner.runPending();
  const job = await t.as(SUPPORT, { method: 'GET', url: `/api/org/${orgKey}/job/${jobId}` });
  return jobSchema.parse(job.json());
}
