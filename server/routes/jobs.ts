import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '../../src/domain/schemas/numbers';
import { jobListQuerySchema, jobSchema, type JobView } from '../../src/domain/schemas/jobs';
import type { AppContext } from '../app-context';
import type { ServerConfig } from '../config';
import { DOWNLOAD_URL_TTL_SEC, signedDownloadUrl } from '../files/signed-url';
import { notFound } from '../http/errors';
import { findJob, toJobRow, type JobRow } from '../jobs/queue';
import { requireOrg } from '../policy';

/** A job as its organisation sees it; a finished file-producing job carries a fresh download link for the asking session. */
function jobView(config: ServerConfig, job: JobRow, sessionId: string): JobView {
  const result = job.result as { blobKey?: unknown; fileName?: unknown } | null;
  const downloadUrl =
    job.state === 'done' && result && typeof result.blobKey === 'string' && typeof result.fileName === 'string'
      ? signedDownloadUrl(config, { key: result.blobKey, fileName: result.fileName, expiresInSec: DOWNLOAD_URL_TTL_SEC, sessionId })
      : null;
  return {
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    result: job.result,
    error: job.error,
    downloadUrl,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

const jobParams = z.object({ orgId: z.string(), jobId: wholeNumber(z.number().positive()) });

const listParams = z.object({ orgId: z.string() });

export async function jobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = { params: listParams, querystring: jobListQuerySchema, response: { 200: z.array(jobSchema) } };
  api.get('/org/:orgId/job', { schema: listSchema }, async (request) => {
    const { user, org } = await requireOrg(request, ctx.db, 'org', request.params.orgId);
    const query = request.query;
    let q = ctx.db.selectFrom('jobs').selectAll().where('org_key', '=', org.orgKey);
    if (query.kind) q = q.where('kind', '=', query.kind);
    if (query.state) q = q.where('state', '=', query.state);
    const rows = await q.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
    return rows.map((r) => jobView(ctx.config, toJobRow(r), user.sessionId));
  });

  api.get('/org/:orgId/job/:jobId', { schema: { params: jobParams, response: { 200: jobSchema } } }, async (request) => {
    const params = request.params;
    const { user, org } = await requireOrg(request, ctx.db, 'org', params.orgId);
    const job = await findJob(ctx.db, org.orgKey, params.jobId);
    if (!job) throw notFound('Job');
    return jobView(ctx.config, job, user.sessionId);
  });
}
