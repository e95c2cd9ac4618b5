import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrors } from '../../src/domain/messages';
import { normaliseUomMapping, validateUomMapping } from '../../src/domain/rules/properties';
import { standardUnitsSchema, uomMappingSchema } from '../../src/domain/schemas/properties';
import { isStandardUom, STANDARD_UOMS } from '../../src/domain/uom';
import { readUomMapping } from '../accounts/views';
import type { AppContext } from '../app-context';
import { writeHistory } from '../history';
import { badRequest } from '../http/errors';
import { mutate } from '../http/mutate';
import { requireCapability, requireOrg, requireUser } from '../policy';
import { recordChange } from '../sync/change-log';

const sellerParams = z.object({ sellerId: z.string() });

export async function uomRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/uom', { schema: { response: { 200: standardUnitsSchema } } }, async (request) => {
    requireUser(request);
    return STANDARD_UOMS;
  });

  api.get('/seller/:sellerId/uom', { schema: { params: sellerParams, response: { 200: uomMappingSchema } } }, async (request) => {
    const { org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    return readUomMapping(db, org.orgNo);
  });

  /** Replaces the whole mapping: units left out or left empty are unmapped. */
  const putSchema = { params: sellerParams, body: uomMappingSchema, response: { 200: uomMappingSchema } };
  api.put('/seller/:sellerId/uom', { schema: putSchema }, async (request, reply) => {
    const { user, org } = await requireOrg(request, db, 'seller', request.params.sellerId);
    requireCapability(user, org, 'editUomMapping');
    const input = request.body;
    const unknown = Object.keys(input).filter((unit) => !isStandardUom(unit));
    if (unknown.length) throw badRequest(unknown.map(fieldErrors.unknownUom));
    const errors = validateUomMapping(input);
    if (errors.length) throw badRequest(errors);
    const mapping = normaliseUomMapping(input);
    return mutate(db, request, reply, async (trx) => {
      const rev = await recordChange(trx, { entity: 'uomMapping', key: org.orgKey, op: 'upsert', scopes: [{ kind: 'org', orgKey: org.orgKey }] });
      await trx.deleteFrom('uom_mappings').where('org_no', '=', org.orgNo).execute();
      await trx
        .insertInto('uom_mappings')
        .values(Object.entries(mapping).map(([unit, code]) => ({ org_no: org.orgNo, standard_unit: unit, code, rev })))
        .execute();
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: 'uomMapping',
        entityKey: org.orgKey,
        type: 'UPDATED',
        action: 'UOM mapping saved',
        description: Object.entries(mapping)
          .map(([unit, code]) => `${unit}=${code}`)
          .join(', '),
      });
      return { body: mapping };
    });
  });
}
