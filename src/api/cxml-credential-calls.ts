import { z } from 'zod';
import { cxmlCredentialViewSchema, cxmlInboundEntrySchema, type CxmlCredentialInput } from '../domain/schemas/cxml-credential';
import { orgUrl } from './org-path';
import { IDEMPOTENCY_HEADER, request } from './request';

/** GET/PUT /org/{id}/cxml-credential and GET /org/{id}/cxml-inbound. */
export const getCxmlCredential = (orgId: string) => request('GET', orgUrl('org', orgId, '/cxml-credential'), { schema: cxmlCredentialViewSchema });

export const putCxmlCredential = (orgId: string, input: CxmlCredentialInput) =>
  request('PUT', orgUrl('org', orgId, '/cxml-credential'), {
    schema: cxmlCredentialViewSchema,
    json: input,
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });

export const getCxmlInbound = (orgId: string) => request('GET', orgUrl('org', orgId, '/cxml-inbound'), { schema: z.array(cxmlInboundEntrySchema) });
