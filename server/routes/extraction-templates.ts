import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrors } from '../../src/domain/messages';
import { parseTemplateJson } from '../../src/domain/rules/extraction-template';
import { extractionTemplateInputSchema, extractionTemplateViewSchema, type ExtractionTemplateView } from '../../src/domain/schemas/extraction-templates';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import type { AppContext } from '../app-context';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { writeHistory } from '../history';
import { badRequest, conflict, notFound } from '../http/errors';
import { emptyAnswer } from '../http/empty-answer';
import { mutate } from '../http/mutate';
import { supplierTemplateViews } from '../intake/extract/template-store';
import { findOrg, requireSupport } from '../policy';
import type { Tx } from '../sync/change-log';

const orgParams = z.object({ orgId: z.string().min(1).max(40) });
const idParams = orgParams.extend({ templateId: wholeNumber(z.number().positive()) });

/** Templates read suppliers' PDFs: the path's account must be a supplier. */
async function requireSupplier(db: Db, orgKey: string) {
  const org = await findOrg(db, orgKey);
  if (!org || org.orgType !== 'SUPPLIER') throw notFound('Supplier account');
  return org;
}

/** The body support typed, refused with every problem found (JSON, shape, patterns RE2 will not run, missing groups). */
function checkedBody(template: string): string {
  const { body, errors } = parseTemplateJson(template);
  if (!body) throw badRequest(errors);
  return JSON.stringify(body, null, 2);
}

async function nameTaken(trx: Tx, orgNo: number, name: string, exceptId?: number): Promise<boolean> {
  let q = trx.selectFrom('extraction_templates').select('id').where('org_no', '=', orgNo).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function viewOf(trx: Tx, orgKey: string, id: number): Promise<ExtractionTemplateView> {
  const view = (await supplierTemplateViews(trx, orgKey)).find((v) => v.id === id);
  if (!view) throw notFound('Extraction template');
  return view;
}

async function templateHistory(trx: Tx, user: SessionUser, orgKey: string, type: string, action: string, name: string) {
  await writeHistory(trx, user, { orgKey, entity: 'account', entityKey: orgKey, type, action, description: `Extraction template ${name}` });
}

/**
 * A supplier's PDF extraction templates, for support only (the account drawer's
 * Templates tab). Saving a template named as a shipped one replaces it for that
 * supplier; deleting it brings the shipped one back.
 */
export async function extractionTemplateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  api.get('/org/:orgId/extraction-template', { schema: { params: orgParams, response: { 200: z.array(extractionTemplateViewSchema) } } }, async (request) => {
    requireSupport(request);
    const org = await requireSupplier(db, request.params.orgId);
    return supplierTemplateViews(db, org.orgKey);
  });

  api.post('/org/:orgId/extraction-template', { schema: { params: orgParams, body: extractionTemplateInputSchema, response: { 201: extractionTemplateViewSchema } } }, async (request, reply) => {
    const user = requireSupport(request);
    const org = await requireSupplier(db, request.params.orgId);
    const input = request.body;
    const body = checkedBody(input.template);
    return mutate(db, request, reply, async (trx) => {
      if (await nameTaken(trx, org.orgNo, input.name)) throw conflict([fieldErrors.templateNameTaken(input.name)]);
      const { id } = await trx
        .insertInto('extraction_templates')
        .values({ org_no: org.orgNo, name: input.name, body, updated_at: new Date().toISOString(), updated_by: user.displayName })
        .returning('id')
        .executeTakeFirstOrThrow();
      await templateHistory(trx, user, org.orgKey, 'CREATED', 'Extraction template added', input.name);
      return { status: 201, body: await viewOf(trx, org.orgKey, id) };
    });
  });

  api.put('/org/:orgId/extraction-template/:templateId', { schema: { params: idParams, body: extractionTemplateInputSchema, response: { 200: extractionTemplateViewSchema } } }, async (request, reply) => {
    const user = requireSupport(request);
    const params = request.params;
    const org = await requireSupplier(db, params.orgId);
    const input = request.body;
    const body = checkedBody(input.template);
    return mutate(db, request, reply, async (trx) => {
      await viewOf(trx, org.orgKey, params.templateId);
      if (await nameTaken(trx, org.orgNo, input.name, params.templateId)) throw conflict([fieldErrors.templateNameTaken(input.name)]);
      await trx
        .updateTable('extraction_templates')
        .set({ name: input.name, body, updated_at: new Date().toISOString(), updated_by: user.displayName })
        .where('id', '=', params.templateId)
        .execute();
      await templateHistory(trx, user, org.orgKey, 'UPDATED', 'Extraction template updated', input.name);
      return { body: await viewOf(trx, org.orgKey, params.templateId) };
    });
  });

  api.delete('/org/:orgId/extraction-template/:templateId', { schema: { params: idParams, response: { 200: emptyAnswer } } }, async (request, reply) => {
    const user = requireSupport(request);
    const params = request.params;
    const org = await requireSupplier(db, params.orgId);
    return mutate(db, request, reply, async (trx) => {
      const view = await viewOf(trx, org.orgKey, params.templateId);
      await trx.deleteFrom('extraction_templates').where('id', '=', params.templateId).execute();
      await templateHistory(trx, user, org.orgKey, 'DELETED', 'Extraction template deleted', view.name);
      return { body: {} };
    });
  });
}
