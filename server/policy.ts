import type { FastifyRequest } from 'fastify';
import { can, orgTypeForPathKind, orgTypeOfAccountType, type Capability, type OrgPathKind, type Viewer } from '../src/domain/roles';
import type { SessionUser } from './auth/session';
import type { Db } from './db/database';
import { preparedQuery } from './db/prepared-query';
import { forbidden, HttpError, notFound, unauthorized } from './http/errors';
import { readCacheOf, revisionCacheOf } from './http/read-cache';

/**
 * The one place that decides who may touch what. Every route that names an
 * organisation in its path goes through `requireOrg`; objects are then always looked
 * up within that organisation, so another organisation's id answers 404.
 */

/** Read-only: a remembered organisation is handed to every request that names it. */
export interface OrgRef {
  readonly orgNo: number;
  readonly orgKey: string;
  readonly orgType: ReturnType<typeof orgTypeOfAccountType>;
  readonly name: string;
}

const termsPending = () => new HttpError(403, ['The Terms of Use must be accepted first']);

/** A signed-in user; one who has not accepted the terms may only read and accept the policy. */
export function requireUser(request: FastifyRequest, opts: { allowPendingTerms?: boolean } = {}): SessionUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (!opts.allowPendingTerms && user.policyState !== 'ACTIVE') throw termsPending();
  return user;
}

export function requireSupport(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.userType !== 'SUPPORT') throw forbidden();
  return user;
}

/**
 * An organisation by its key; the app's own database remembers it briefly (server/http/read-cache.ts).
 * On PostgreSQL, given the revision counter as the request's session read saw it
 * (`request.revisionSeen`), it is read once per revision: every write of `orgs` records a
 * change (routes/accounts.ts), which moves the counter, so the organisation found is as
 * it was when the session was read, or newer, as a read of its own would be.
 */
export async function findOrg(db: Db, orgKey: string, revisionSeen: string | number | null = null): Promise<OrgRef | null> {
  const cache = readCacheOf(db);
  if (cache) return cache.through(`org:${orgKey}`, () => readOrg(db, orgKey));
  const byRevision = revisionSeen === null ? undefined : revisionCacheOf(db);
  return byRevision ? byRevision.through(`org:${orgKey}\u0000${revisionSeen}`, () => readOrg(db, orgKey)) : readOrg(db, orgKey);
}

const orgRow = preparedQuery((db, v: { orgKey: string }) =>
  db.selectFrom('orgs').select(['org_no', 'unique_key', 'type', 'name']).where('unique_key', '=', v.orgKey).where('deleted', '=', 0),
);

async function readOrg(db: Db, orgKey: string): Promise<OrgRef | null> {
  const [row] = await orgRow(db, { orgKey });
  return row ? { orgNo: row.org_no, orgKey: row.unique_key, orgType: orgTypeOfAccountType(row.type), name: row.name } : null;
}

/** The supplier a buyer's path names: any SUPPLIER organisation (a buyer's picker lists them all); `revisionSeen` as findOrg takes it. */
export async function requireSupplierOrg(db: Db, sellerKey: string, revisionSeen: string | number | null = null): Promise<OrgRef> {
  const seller = await findOrg(db, sellerKey, revisionSeen);
  if (!seller || seller.orgType !== 'SUPPLIER') throw notFound('Supplier');
  return seller;
}

/**
 * The path's organisation must be the session's own (of the type the path kind
 * needs: `/seller` a SUPPLIER, `/buyer` a UNIVERSITY), or the session a SUPPORT user.
 */
export async function requireOrg(
  request: FastifyRequest,
  db: Db,
  kind: OrgPathKind,
  orgKey: string,
): Promise<{ user: SessionUser; org: OrgRef }> {
  const user = requireUser(request);
  const wantedType = orgTypeForPathKind(kind);
  if (user.userType !== 'SUPPORT') {
    if (user.orgKey !== orgKey) throw forbidden();
    if (wantedType && user.orgType !== wantedType) throw forbidden();
    // The session was read with its organisation (not deleted) a moment ago: no second query.
    return { user, org: { orgNo: user.orgNo, orgKey: user.orgKey, orgType: user.orgType, name: user.orgName } };
  }
  const org = await findOrg(db, orgKey, request.revisionSeen);
  if (!org) throw notFound('Organisation');
  if (wantedType && org.orgType !== wantedType) throw notFound('Organisation');
  return { user, org };
}

/** The viewer the capability table sees: a support user acts as the organisation in the path. */
export function viewerFor(user: SessionUser, org: OrgRef | null): Viewer {
  const renderFor =
    user.userType === 'SUPPORT' && org && org.orgType !== 'SUPPORT'
      ? { orgType: org.orgType, orgId: org.orgKey, companyName: org.name }
      : null;
  return { userType: user.userType, orgType: user.orgType, orgId: user.orgKey, renderFor };
}

export function requireCapability(user: SessionUser, org: OrgRef | null, capability: Capability): void {
  if (!can(viewerFor(user, org), capability)) throw forbidden();
}
