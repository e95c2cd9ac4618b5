import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { blobStoreFor } from '../files/blob-store';
import { expiredOrInvalidLink, verifyToken } from '../files/signed-url';
import { badRequest, notFound } from '../http/errors';
import { uploadJobKinds } from '../jobs/handlers';
import { enqueueJob } from '../jobs/queue';

import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
/** Product images and other public assets: blobs under this prefix are served without a token. */
export const PUBLIC_ASSET_PREFIX = 'assets/';

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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

    // Wildcards, not `:token`: tokens are longer than the router's 100-character parameter limit.
    app.put<{ Params: { '*': string } }>('/files/upload/*', { bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
      const claims = verifyToken(ctx.config, request.params['*'], 'upload');
      if (!uploadJobKinds.has(claims.purpose)) throw expiredOrInvalidLink();
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
    });

    app.get<{ Params: { '*': string } }>('/files/download/*', async (request, reply) => {
      const claims = verifyToken(ctx.config, request.params['*'], 'download');
      const blob = await blobs.get(claims.key);
      if (!blob) throw notFound('File');
      return reply
        .header('content-type', blob.contentType)
        .header('content-disposition', contentDisposition(claims.fileName))
        .header('cache-control', 'private, no-store')
        .send(blob.bytes);
    });

    app.get<{ Params: { '*': string } }>('/files/asset/*', async (request, reply) => {
      const key = `${PUBLIC_ASSET_PREFIX}${request.params['*']}`;
      let blob;
      try {
        blob = await blobs.get(key);
      } catch {
        throw notFound('File');
      }
      if (!blob) throw notFound('File');
      return reply.header('content-type', blob.contentType).header('cache-control', 'public, max-age=86400').send(blob.bytes);
    });
  });
}
