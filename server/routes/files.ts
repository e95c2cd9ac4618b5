import type { FastifyInstance } from 'fastify';
import { jobQueuedSchema } from '../../src/domain/schemas/jobs';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { blobStoreFor } from '../files/blob-stores';
import { expiredOrInvalidLink, verifyDownload, verifyToken } from '../files/signed-url';
import { fileAnswer, fileBytes } from '../http/file-schemas';
import { badRequest, notFound } from '../http/errors';
import { ASSET_CSP } from '../http/security-headers';
import { uploadJobKinds } from '../jobs/handlers';
import { enqueueJob } from '../jobs/queue';

import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
/** Product images and other public assets: blobs under this prefix are served without a token. */
const PUBLIC_ASSET_PREFIX = 'assets/';

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Marks an upload URL (by its fresh blob key) used; false when it already was. Claims
 * older than a day are dropped: their URLs expired long ago.
 */
async function claimUploadToken(db: Db, key: string): Promise<boolean> {
  const now = new Date();
  await db.deleteFrom('used_upload_tokens').where('used_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()).execute();
  const claimed = await db
    .insertInto('used_upload_tokens')
    .values({ key, used_at: now.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * The signed file URLs, outside /api: the token is the authorisation, so the upload
 * PUT and the download GET need no session (a download link can be opened in a new tab).
 */
export async function fileRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const blobs = blobStoreFor(ctx.config);
  await root.register(async (app) => {
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    const uploadClaims = (token: string) => {
      const claims = verifyToken(ctx.config, token, 'upload');
      if (!uploadJobKinds.has(claims.purpose)) throw expiredOrInvalidLink();
      return claims;
    };

    // Wildcards, not `:token`: tokens are longer than the router's 100-character parameter limit.
    app.put<{ Params: { '*': string } }>(
      '/files/upload/*',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          description: 'The upload of a signed upload URL: the file as the body, its type in `X-File-Type`. Queues the job the URL was made for.',
          tags: ['files'],
          security: [],
          consumes: ['application/octet-stream'],
          body: fileBytes,
          response: { 200: jobQueuedSchema },
        },
        // Before the body is read: a forged, expired or used link costs the server no upload.
        onRequest: async (request) => {
          const claims = uploadClaims((request.params as { '*': string })['*']);
          if (!(await claimUploadToken(ctx.db, claims.key))) throw expiredOrInvalidLink();
        },
      },
      async (request, reply) => {
        const claims = uploadClaims(request.params['*']);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(['The file is empty']);
        const contentType = (request.headers['x-file-type'] as string | undefined) ?? 'application/octet-stream';
        await blobs.put(claims.key, body, contentType);
        const jobId = await ctx.db.transaction().execute((trx) =>
          enqueueJob(trx, {
            orgKey: claims.orgKey,
            kind: claims.purpose,
            payload: { ...claims.params, blobKey: claims.key, contentType },
          }),
        );
        return reply.code(200).send({ jobId });
      },
    );

    const download = { tags: ['files'], security: [], response: fileAnswer('The file of a signed download link, as an attachment', '*/*') };
    app.get<{ Params: { '*': string } }>('/files/download/*', { schema: download }, async (request, reply) => {
      const claims = verifyDownload(ctx.config, request.params['*'], request.user?.sessionId ?? null);
      const blob = await blobs.get(claims.key);
      if (!blob) throw notFound('File');
      return reply
        .header('content-type', blob.contentType)
        .header('content-disposition', contentDisposition(claims.fileName))
        .send(blob.bytes);
    });

    const asset = { tags: ['files'], security: [], response: fileAnswer("A product's public image or data sheet", '*/*') };
    app.get<{ Params: { '*': string } }>('/files/asset/*', { schema: asset }, async (request, reply) => {
      const key = `${PUBLIC_ASSET_PREFIX}${request.params['*']}`;
      let blob;
      try {
        blob = await blobs.get(key);
      } catch {
        throw notFound('File');
      }
      if (!blob) throw notFound('File');
      return reply
        .header('content-type', blob.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', ASSET_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(blob.bytes);
    });
  });
}
