import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateMatchingSettings } from '../../src/domain/rules/invoice-tolerances';
import { matchingSettingsSchema, type MatchingSettings } from '../../src/domain/schemas/invoice-matching';
import type { AppContext } from '../app-context';
import { writeHistory } from '../history';
import { badRequest } from '../http/errors';
import { mutate } from '../http/mutate';
import { MATCHING_SETTINGS_ENTITY, matchingSettingsOf } from '../invoices/matching-settings';
import { JOB_KINDS } from '../jobs/kinds';
import { enqueueJob } from '../jobs/queue';
import { requireCapability, requireOrg } from '../policy';
import { recordChange } from '../sync/change-log';

const buyerParams = z.object({ buyerId: z.string() });
const savedSettings = matchingSettingsSchema.extend({ jobId: z.number().int().nullable() });

const describe = (s: MatchingSettings) =>
  `${s.mode}; price ${s.pricePercent} % or ${s.priceAmount}; quantity ${s.quantityUnits} units or ${s.quantityPercent} %; total ${s.totalPercent} %`;

const same = (a: MatchingSettings, b: MatchingSettings) =>
  a.mode === b.mode &&
  a.pricePercent === b.pricePercent &&
  a.priceAmount === b.priceAmount &&
  a.quantityUnits === b.quantityUnits &&
  a.quantityPercent === b.quantityPercent &&
  a.totalPercent === b.totalPercent;

/** A buyer's 'Invoice Matching' settings (Preferences, buyers only). */
export async function invoiceMatchingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/buyer/:buyerId/invoice-matching', { schema: { params: buyerParams, response: { 200: matchingSettingsSchema } } }, async (request) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'editInvoiceMatching');
    const { rev: _rev, ...settings } = await matchingSettingsOf(db, org.orgNo);
    return settings;
  });

  /**
   * Saves the settings and, when they changed, queues the re-matching of every invoice
   * of the buyer as a job (tens of thousands of invoices are no work for a request).
   */
  const postSchema = { params: buyerParams, body: matchingSettingsSchema, response: { 200: savedSettings } };
  api.post('/buyer/:buyerId/invoice-matching', { schema: postSchema }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'buyer', request.params.buyerId);
    requireCapability(user, org, 'editInvoiceMatching');
    const settings = request.body;
    const issues = validateMatchingSettings(settings);
    if (issues.length) throw badRequest(issues.map((i) => i.message));
    return mutate(db, request, reply, async (trx) => {
      const { rev: _rev, ...held } = await matchingSettingsOf(trx, org.orgNo);
      if (same(held, settings)) return { body: { ...settings, jobId: null } };
      const rev = await recordChange(trx, { entity: MATCHING_SETTINGS_ENTITY, key: org.orgKey, op: 'upsert', scopes: [{ kind: 'org', orgKey: org.orgKey }] });
      const values = {
        mode: settings.mode,
        price_percent: settings.pricePercent,
        price_amount: settings.priceAmount,
        quantity_units: settings.quantityUnits,
        quantity_percent: settings.quantityPercent,
        total_percent: settings.totalPercent,
        rev,
      };
      await trx
        .insertInto('invoice_matching_settings')
        .values({ org_no: org.orgNo, ...values })
        .onConflict((oc) => oc.column('org_no').doUpdateSet(values))
        .execute();
      const jobId = await enqueueJob(trx, { orgKey: org.orgKey, kind: JOB_KINDS.invoiceRematch, payload: { buyerKey: org.orgKey, user: user.displayName } });
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: MATCHING_SETTINGS_ENTITY,
        entityKey: org.orgKey,
        type: 'UPDATED',
        action: 'Invoice matching updated',
        description: `${describe(settings)} (was ${describe(held)}); invoices are matched again`,
      });
      return { body: { ...settings, jobId } };
    });
  });
}
