import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { fieldErrors, messages } from '../../src/domain/messages';
import { isAdmin } from '../../src/domain/roles';
import {
  ediOrderFormatValue,
  validateEdiOrderFormat,
  validateOtherOrgProperty,
  validateProperty,
  validateReceivingEmail,
  validateSenderSource,
} from '../../src/domain/rules/properties';
import {
  ediExportSettingInputSchema,
  ediExportSettingSchema,
  orgPropertyInputSchema,
  orgPropertyPageSchema,
  orgPropertySchema,
  otherOrgPropertyInputSchema,
  otherOrgPropertyPageSchema,
  pageQuerySchema,
  receivingEmailInputSchema,
  receivingEmailSchema,
  senderSourceInputSchema,
  senderSourceSchema,
} from '../../src/domain/schemas/properties';
import {
  ediExportSettingView,
  orgPropertyView,
  otherOrgPropertyKey,
  otherOrgPropertyView,
  receivingEmailView,
  senderSourceView,
} from '../accounts/views';
import type { AppContext } from '../app-context';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import type { EdiExportSettingsTable } from '../db/tables/accounts';
import type { Selectable } from 'kysely';
import { writeHistory } from '../history';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { emptyAnswer } from '../http/empty-answer';
import { mutate } from '../http/mutate';
import { findOrg, requireCapability, requireOrg, type OrgRef } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

const orgParams = z.object({ orgId: z.string() });
const propParams = z.object({ orgId: z.string(), propNo: wholeNumber(z.number().positive()) });
const otherParams = z.object({ orgId: z.string(), otherOrgUniqueKey: z.string(), property: z.string() });
const propertyQuerySchema = pageQuerySchema.extend({ property: z.string().optional() });
const otherQuerySchema = pageQuerySchema.extend({ otherOrgUniqueKey: z.string().optional(), property: z.string().optional() });

const scopeOf = (org: OrgRef) => [{ kind: 'org' as const, orgKey: org.orgKey }];

function fail(errors: string[]): void {
  if (errors.length) throw badRequest(errors);
}

/** Properties are configuration (an admin's); those a screen other than Basic Properties owns carry that screen's permission too. */
function requirePropertyPermission(user: SessionUser, org: OrgRef, property: string): void {
  requireCapability(user, org, 'editProperties');
  if (property.trim() === PROPERTY_NAMES.asnContactEmailList) requireCapability(user, org, 'manageAsnRecipients');
}

function requireOtherPropertyPermission(user: SessionUser, org: OrgRef, property: string): void {
  requireCapability(user, org, 'editProperties');
  const name = property.trim();
  if (name === PROPERTY_NAMES.supplierCode || name === PROPERTY_NAMES.supplierCodeAp) requireCapability(user, org, 'editAccountCodes');
}

/**
 * Receiving emails, EDI export settings (with their credentials) and sender sources
 * are account administration: the organisation's admins and support.
 */
async function requireOrgAdmin(request: FastifyRequest, db: Db, orgKey: string) {
  const ref = await requireOrg(request, db, 'org', orgKey);
  if (!isAdmin(ref.user)) throw forbidden();
  return ref;
}

async function history(trx: Tx, user: SessionUser, org: OrgRef, entity: string, key: string | number, type: string, action: string, description: string) {
  await writeHistory(trx, user, { orgKey: org.orgKey, entity, entityKey: String(key), type, action, description });
}

async function ensurePropertyNameFree(trx: Tx, orgNo: number, property: string, exceptNo?: number): Promise<void> {
  let q = trx.selectFrom('properties').select('org_property_no').where('org_no', '=', orgNo).where('property', '=', property).where('deleted', '=', 0);
  if (exceptNo !== undefined) q = q.where('org_property_no', '!=', exceptNo);
  if (await q.executeTakeFirst()) throw conflict([fieldErrors.propertyExists(property)]);
}

async function findProperty(trx: Tx, orgNo: number, propNo: number) {
  const row = await trx
    .selectFrom('properties')
    .selectAll()
    .where('org_no', '=', orgNo)
    .where('org_property_no', '=', propNo)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Property');
  return row;
}

function propertyRoutes(app: FastifyInstance, db: Db): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** With `property=NAME` the answer holds at most one row: the name is single-valued, duplicates are a conflict. */
  api.get('/org/:orgId/property', { schema: { params: orgParams, querystring: propertyQuerySchema, response: { 200: orgPropertyPageSchema } } }, async (request) => {
    const { org } = await requireOrg(request, db, 'org', request.params.orgId);
    const query = request.query;
    const base = db.selectFrom('properties').selectAll().where('org_no', '=', org.orgNo).where('deleted', '=', 0);
    if (query.property !== undefined) {
      const rows = await base.where('property', '=', query.property).orderBy('org_property_no').limit(2).execute();
      if (rows.length > 1) throw conflict([messages.propertyConflict]);
      return rows.map(orgPropertyView);
    }
    const rows = await base.orderBy('org_property_no').limit(query.limit).offset(query.offset).execute();
    return rows.map(orgPropertyView);
  });

  api.post('/org/:orgId/property', { schema: { params: orgParams, body: orgPropertyInputSchema, response: { 201: orgPropertySchema } } }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'org', request.params.orgId);
    const input = request.body;
    requirePropertyPermission(user, org, input.property);
    fail(validateProperty(input));
    const property = input.property.trim();
    return mutate(db, request, reply, async (trx) => {
      await ensurePropertyNameFree(trx, org.orgNo, property);
      const { org_property_no } = await trx
        .insertInto('properties')
        .values({ org_no: org.orgNo, property, value: input.value.trim(), rev: 0, deleted: 0 })
        .returning('org_property_no')
        .executeTakeFirstOrThrow();
      const rev = await recordChange(trx, { entity: 'orgProperty', key: String(org_property_no), op: 'upsert', scopes: scopeOf(org) });
      await trx.updateTable('properties').set({ rev }).where('org_property_no', '=', org_property_no).execute();
      await history(trx, user, org, 'orgProperty', org_property_no, 'CREATED', 'Property added', `${property} = ${input.value.trim()}`);
      return { status: 201, body: orgPropertyView(await findProperty(trx, org.orgNo, org_property_no)) };
    });
  });

  api.put('/org/:orgId/property/:propNo', { schema: { params: propParams, body: orgPropertyInputSchema, response: { 200: orgPropertySchema } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, db, 'org', params.orgId);
    const input = request.body;
    requirePropertyPermission(user, org, input.property);
    fail(validateProperty(input));
    const property = input.property.trim();
    return mutate(db, request, reply, async (trx) => {
      const before = await findProperty(trx, org.orgNo, params.propNo);
      requirePropertyPermission(user, org, before.property);
      await ensurePropertyNameFree(trx, org.orgNo, property, params.propNo);
      const rev = await recordChange(trx, { entity: 'orgProperty', key: String(params.propNo), op: 'upsert', scopes: scopeOf(org) });
      await trx
        .updateTable('properties')
        .set({ property, value: input.value.trim(), rev })
        .where('org_property_no', '=', params.propNo)
        .execute();
      await history(trx, user, org, 'orgProperty', params.propNo, 'UPDATED', 'Property modified', `${property} = ${input.value.trim()}`);
      return { body: orgPropertyView(await findProperty(trx, org.orgNo, params.propNo)) };
    });
  });

  api.delete('/org/:orgId/property/:propNo', { schema: { params: propParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, db, 'org', params.orgId);
    return mutate(db, request, reply, async (trx) => {
      const row = await findProperty(trx, org.orgNo, params.propNo);
      requirePropertyPermission(user, org, row.property);
      const rev = await recordChange(trx, { entity: 'orgProperty', key: String(row.org_property_no), op: 'delete', scopes: scopeOf(org) });
      await trx.updateTable('properties').set({ deleted: 1, rev }).where('org_property_no', '=', row.org_property_no).execute();
      await history(trx, user, org, 'orgProperty', row.org_property_no, 'DELETED', 'Property deleted', `${row.property} deleted`);
      return { body: {} };
    });
  });
}

function otherOrgPropertyRoutes(app: FastifyInstance, db: Db): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/org/:orgId/other-org-property', { schema: { params: orgParams, querystring: otherQuerySchema, response: { 200: otherOrgPropertyPageSchema } } }, async (request) => {
    const { org } = await requireOrg(request, db, 'org', request.params.orgId);
    const query = request.query;
    let q = db.selectFrom('other_org_properties').selectAll().where('org_no', '=', org.orgNo).where('deleted', '=', 0);
    if (query.otherOrgUniqueKey) q = q.where('other_org_key', '=', query.otherOrgUniqueKey);
    if (query.property) q = q.where('property', '=', query.property);
    if (query.otherOrgUniqueKey && query.property) {
      // One account's named value: single-valued, as for the org's own properties, so duplicates are a conflict.
      const rows = await q.orderBy('id').limit(2).execute();
      if (rows.length > 1) throw conflict([messages.propertyConflict]);
      return rows.map(otherOrgPropertyView);
    }
    const rows = await q.orderBy('id').limit(query.limit).offset(query.offset).execute();
    return rows.map(otherOrgPropertyView);
  });

  /**
   * Sets the value of (account, property): one value per pair, so a second POST replaces
   * the first. A pair already held by several records (a conflict) is refused rather than
   * half-fixed; deleting the pair clears it.
   */
  api.post('/org/:orgId/other-org-property', { schema: { params: orgParams, body: otherOrgPropertyInputSchema, response: { 200: otherOrgPropertyPageSchema.element } } }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'org', request.params.orgId);
    const input = request.body;
    requireOtherPropertyPermission(user, org, input.property);
    fail(validateOtherOrgProperty(input));
    const otherKey = input.otherOrgUniqueKey.trim();
    const property = input.property.trim();
    const value = input.value.trim();
    if (otherKey === org.orgKey) throw badRequest(['A property about another account cannot name the own account']);
    const other = await findOrg(db, otherKey);
    if (!other || other.orgType === 'SUPPORT') throw notFound('Account');
    return mutate(db, request, reply, async (trx) => {
      const key = otherOrgPropertyKey(otherKey, property);
      const rev = await recordChange(trx, { entity: 'otherOrgProperty', key, op: 'upsert', scopes: scopeOf(org) });
      const held = await trx
        .selectFrom('other_org_properties')
        .select(['id', 'deleted'])
        .where('org_no', '=', org.orgNo)
        .where('other_org_key', '=', otherKey)
        .where('property', '=', property)
        .orderBy('id')
        .execute();
      const live = held.filter((r) => r.deleted === 0);
      if (live.length > 1) throw conflict([messages.propertyConflict]);
      const existing = live[0] ?? held[0];
      if (existing) {
        await trx.updateTable('other_org_properties').set({ value, rev, deleted: 0 }).where('id', '=', existing.id).execute();
      } else {
        await trx.insertInto('other_org_properties').values({ org_no: org.orgNo, other_org_key: otherKey, property, value, rev, deleted: 0 }).execute();
      }
      await history(trx, user, org, 'otherOrgProperty', key, existing ? 'UPDATED' : 'CREATED', 'Account property saved', `${property} for ${other.name} = ${value}`);
      return { body: { otherOrgUniqueKey: otherKey, property, value } };
    });
  });

  api.delete('/org/:orgId/other-org-property/:otherOrgUniqueKey/:property', { schema: { params: otherParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, db, 'org', params.orgId);
    requireOtherPropertyPermission(user, org, params.property);
    return mutate(db, request, reply, async (trx) => {
      const rows = await trx
        .selectFrom('other_org_properties')
        .select('id')
        .where('org_no', '=', org.orgNo)
        .where('other_org_key', '=', params.otherOrgUniqueKey)
        .where('property', '=', params.property)
        .where('deleted', '=', 0)
        .execute();
      if (rows.length === 0) throw notFound('Property');
      const key = otherOrgPropertyKey(params.otherOrgUniqueKey, params.property);
      const rev = await recordChange(trx, { entity: 'otherOrgProperty', key, op: 'delete', scopes: scopeOf(org) });
      // Every record of the pair: deleting is how support clears a conflict.
      await trx.updateTable('other_org_properties').set({ deleted: 1, rev }).where('id', 'in', rows.map((r) => r.id)).execute();
      await history(trx, user, org, 'otherOrgProperty', key, 'DELETED', 'Account property deleted', `${params.property} for ${params.otherOrgUniqueKey} deleted`);
      return { body: {} };
    });
  });
}

/**
 * The three lists of the Properties tab that share one shape of calls: list, add,
 * PUT and DELETE by id, rows mirrored to the organisation and soft-deleted.
 */
interface ListResource<Input, Row> {
  path: string;
  table: 'receiving_emails' | 'sender_sources' | 'edi_export_settings';
  entity: string;
  label: string;
  input: z.ZodType<Input>;
  /** A row as answered (and declared in the API's contract). */
  answer: z.ZodType;
  validate(input: Input): string[];
  columns(input: Input): Record<string, unknown>;
  describe(input: Input): string;
  view(row: Row): unknown;
  /** Extra checks inside the transaction (e.g. one EDI setting per doc type). */
  check?(trx: Tx, orgNo: number, input: Input, exceptId?: number): Promise<void>;
  /** Columns a PUT writes besides `columns`, given the stored row (e.g. a secret cleared when its destination changes). */
  replacing?(stored: Row, input: Input): Record<string, unknown>;
}

function listResourceRoutes<Input, Row>(app: FastifyInstance, db: Db, r: ListResource<Input, Row>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The three tables share the (id, org_no, rev, deleted) columns this generic code touches.
  const table = r.table as 'receiving_emails';
  const idParams = z.object({ orgId: z.string(), propId: wholeNumber(z.number().positive()) });

  async function find(trx: Tx, orgNo: number, id: number): Promise<Row> {
    const row = await trx.selectFrom(table).selectAll().where('org_no', '=', orgNo).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!row) throw notFound(r.label);
    return row as unknown as Row;
  }

  api.get(`/org/:orgId/${r.path}`, { schema: { params: orgParams, querystring: pageQuerySchema, response: { 200: z.array(r.answer) } } }, async (request) => {
    const { org } = await requireOrgAdmin(request, db, request.params.orgId);
    const query = request.query;
    const rows = await db.selectFrom(table).selectAll().where('org_no', '=', org.orgNo).where('deleted', '=', 0).orderBy('id').limit(query.limit).offset(query.offset).execute();
    return rows.map((row) => r.view(row as unknown as Row));
  });

  api.post(`/org/:orgId/${r.path}`, { schema: { params: orgParams, body: r.input, response: { 201: r.answer } } }, async (request, reply) => {
    const { user, org } = await requireOrgAdmin(request, db, request.params.orgId);
    const input = request.body as Input;
    fail(r.validate(input));
    return mutate(db, request, reply, async (trx) => {
      await r.check?.(trx, org.orgNo, input);
      const { id } = await trx
        .insertInto(table)
        .values({ ...r.columns(input), org_no: org.orgNo, rev: 0, deleted: 0 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const rev = await recordChange(trx, { entity: r.entity, key: String(id), op: 'upsert', scopes: scopeOf(org) });
      await trx.updateTable(table).set({ rev }).where('id', '=', id).execute();
      await history(trx, user, org, r.entity, id, 'CREATED', `${r.label} added`, r.describe(input));
      return { status: 201, body: r.view(await find(trx, org.orgNo, id)) };
    });
  });

  api.put(`/org/:orgId/${r.path}/:propId`, { schema: { params: idParams, body: r.input, response: { 200: r.answer } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrgAdmin(request, db, params.orgId);
    const input = request.body as Input;
    fail(r.validate(input));
    return mutate(db, request, reply, async (trx) => {
      const stored = await find(trx, org.orgNo, params.propId);
      await r.check?.(trx, org.orgNo, input, params.propId);
      const rev = await recordChange(trx, { entity: r.entity, key: String(params.propId), op: 'upsert', scopes: scopeOf(org) });
      await trx
        .updateTable(table)
        .set({ ...r.columns(input), ...r.replacing?.(stored, input), rev } as never)
        .where('id', '=', params.propId)
        .execute();
      await history(trx, user, org, r.entity, params.propId, 'UPDATED', `${r.label} modified`, r.describe(input));
      return { body: r.view(await find(trx, org.orgNo, params.propId)) };
    });
  });

  api.delete(`/org/:orgId/${r.path}/:propId`, { schema: { params: idParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const params = request.params;
    const { user, org } = await requireOrgAdmin(request, db, params.orgId);
    return mutate(db, request, reply, async (trx) => {
      await find(trx, org.orgNo, params.propId);
      const rev = await recordChange(trx, { entity: r.entity, key: String(params.propId), op: 'delete', scopes: scopeOf(org) });
      await trx.updateTable(table).set({ deleted: 1, rev }).where('id', '=', params.propId).execute();
      await history(trx, user, org, r.entity, params.propId, 'DELETED', `${r.label} deleted`, `${r.label} ${params.propId} deleted`);
      return { body: {} };
    });
  });
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export async function propertiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  propertyRoutes(app, db);
  otherOrgPropertyRoutes(app, db);

  listResourceRoutes(app, db, {
    path: 'receiving-email',
    table: 'receiving_emails',
    entity: 'receivingEmail',
    label: 'Receiving email',
    input: receivingEmailInputSchema,
    validate: validateReceivingEmail,
    columns: (i) => ({ code: i.code.trim(), email_address: i.emailAddress.trim() }),
    describe: (i) => `${i.code.trim()}: ${i.emailAddress.trim()}`,
    view: receivingEmailView,
    answer: receivingEmailSchema,
  });

  listResourceRoutes(app, db, {
    path: 'sending-email-domain',
    table: 'sender_sources',
    entity: 'senderSource',
    label: 'Sender source',
    input: senderSourceInputSchema,
    validate: validateSenderSource,
    columns: (i) => ({ identifier: i.identifier.trim() }),
    describe: (i) => i.identifier.trim(),
    view: senderSourceView,
    answer: senderSourceSchema,
  });

  listResourceRoutes(app, db, {
    path: 'edi-export',
    table: 'edi_export_settings',
    entity: 'ediExportSetting',
    label: 'EDI export setting',
    input: ediExportSettingInputSchema,
    validate: (i) => validateEdiOrderFormat(i.orderFormat),
    columns: (i) => ({
      doc_type: i.docType,
      order_format: ediOrderFormatValue(i.orderFormat),
      type: i.type ?? 'LOCAL',
      ftp_server: blankToNull(i.ftpServer),
      ftp_dir: blankToNull(i.ftpDir),
      ftp_user: blankToNull(i.user),
      ...(i.password === undefined || i.password === '' ? {} : { password: i.password }),
      endpoint: blankToNull(i.endpoint),
    }),
    // Credentials stay out of the audit trail.
    describe: (i) => `${i.docType}: ${i.type ?? 'LOCAL'}, order format ${ediOrderFormatValue(i.orderFormat)}`,
    view: ediExportSettingView,
    answer: ediExportSettingSchema,
    // A stored password goes only to the destination it was given for: a new type, endpoint,
    // server or bucket without the password sent again clears it, so the next export cannot
    // hand it (nor Basic auth) to a place its owner never meant it for.
    replacing: (stored: Selectable<EdiExportSettingsTable>, i) => {
      const resent = i.password !== undefined && i.password !== '';
      const moved =
        (i.type ?? 'LOCAL') !== stored.type ||
        blankToNull(i.endpoint) !== stored.endpoint ||
        blankToNull(i.ftpServer) !== stored.ftp_server ||
        blankToNull(i.ftpDir) !== stored.ftp_dir;
      return !resent && moved ? { password: null } : {};
    },
    async check(trx, orgNo, input, exceptId) {
      let q = trx.selectFrom('edi_export_settings').select('id').where('org_no', '=', orgNo).where('doc_type', '=', input.docType).where('deleted', '=', 0);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      if (await q.executeTakeFirst()) throw conflict([fieldErrors.ediDocTypeTaken(input.docType)]);
    },
  });
}
