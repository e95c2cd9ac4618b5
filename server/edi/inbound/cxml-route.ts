import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { blobStoreFor } from '../../files/blob-stores';
import { fileBytes, textAnswers } from '../../http/file-schemas';
import { cxmlResponse } from './cxml-response';
import { logInbound } from './inbound-log';
import { httpStatusOf, receiveCxml, type CxmlAnswer } from './receive-cxml';

/** What a partner may post in one document. */
const CXML_BODY_LIMIT = 10 * 1024 * 1024;

const XML_TYPES = ['text/xml', 'application/xml'];

function send(reply: FastifyReply, answer: Pick<CxmlAnswer, 'httpStatus' | 'body'>): FastifyReply {
  return reply.code(answer.httpStatus).type('text/xml; charset=UTF-8').header('cache-control', 'no-store').send(answer.body);
}

/**
 * POST /cxml: buyers' procurement systems post their orders here, suppliers' systems their invoices (server/edi/inbound/receive-cxml.ts
 * does the work). Every answer, refusals included, is a cXML Response.
 */
export async function cxmlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const blobs = blobStoreFor(ctx.config);
  await app.register(async (scope) => {
    scope.addContentTypeParser(XML_TYPES, { parseAs: 'buffer', bodyLimit: CXML_BODY_LIMIT }, (_request, body, done) => done(null, body));

    // Refusals Fastify makes before the handler (too large, not XML) still answer in cXML, logged.
    const refuseEarly = async (request: FastifyRequest, reply: FastifyReply, code: number, message: string) => {
      const body = cxmlResponse(code, message);
      await logInbound(ctx.db, {
        receivedAt: new Date().toISOString(),
        source: request.ip,
        payloadId: '',
        requestType: '',
        fromOrgKey: null,
        toOrgKey: null,
        httpStatus: httpStatusOf(code),
        statusCode: code,
        statusText: message,
        answer: body,
      });
      return send(reply, { httpStatus: httpStatusOf(code), body });
    };

    scope.post('/cxml', {
      bodyLimit: CXML_BODY_LIMIT,
      schema: {
        description: 'A cXML OrderRequest (buyers) or InvoiceDetailRequest (suppliers); see docs/cxml-inbound.md. The shared secret travels in the document.',
        tags: ['cxml'],
        security: [],
        consumes: XML_TYPES,
        body: fileBytes,
        response: textAnswers('A cXML Response, whose Status code says what became of the document', 'text/xml', ['200', '4xx', '5xx']),
      },
      errorHandler: async (error: FastifyError, request, reply) => {
        if (error.statusCode === 413) return refuseEarly(request, reply, 413, 'The document is larger than 10 MiB');
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (error.statusCode === 415 || !XML_TYPES.includes(contentType)) return refuseEarly(request, reply, 415, 'Post the cXML document as text/xml or application/xml');
        if (error.statusCode && error.statusCode < 500) return refuseEarly(request, reply, 400, error.message);
        request.log.error(error);
        return send(reply, { httpStatus: 500, body: cxmlResponse(500, 'The document could not be processed: try again later') });
      },
      handler: async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) return refuseEarly(request, reply, 415, 'Post the cXML document as text/xml or application/xml');
        const answer = await receiveCxml(ctx.db, {
          bytes: new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength),
          source: request.ip,
          endpointUrl: `${request.protocol}://${request.host}/cxml`,
          blobs,
        });
        if (answer.httpStatus >= 400) request.log.info({ cxml: { status: answer.statusCode, reason: answer.message } }, 'cXML request refused');
        return send(reply, answer);
      },
    });
  });
}
