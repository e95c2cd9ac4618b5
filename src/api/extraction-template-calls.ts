import { z } from 'zod';
import { type ExtractionTemplateInput, type ExtractionTemplateView, extractionTemplateViewSchema } from '../domain/schemas/extraction-templates';
import { orgUrl, seg } from './org-path';
import { IDEMPOTENCY_HEADER, request } from './request';

/**
 * A supplier's PDF extraction templates (support only). Sent at once while online, never
 * queued: only the server can tell whether a pattern is usable, and support needs that
 * answer while the template is still in front of them.
 */
const path = (supplierId: string, id?: number) => orgUrl('org', supplierId, `/extraction-template${id === undefined ? '' : seg(id)}`);
const once = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

export function listExtractionTemplates(supplierId: string): Promise<ExtractionTemplateView[]> {
  return request('GET', path(supplierId), { schema: z.array(extractionTemplateViewSchema) });
}

/** Adds a template (id null, or a shipped one being replaced) or saves one support saved before. */
export function saveExtractionTemplate(supplierId: string, id: number | null, input: ExtractionTemplateInput): Promise<ExtractionTemplateView> {
  return request(id === null ? 'POST' : 'PUT', path(supplierId, id ?? undefined), { schema: extractionTemplateViewSchema, json: input, headers: once() });
}

export async function deleteExtractionTemplate(supplierId: string, id: number): Promise<void> {
  await request('DELETE', path(supplierId, id), { schema: z.unknown(), headers: once() });
}
