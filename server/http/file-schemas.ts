import { z } from 'zod';

/**
 * Bodies and answers that are files or documents, not JSON, as the API's contract
 * declares them: their content types and raw bytes. A route sends them as a Buffer, a
 * string with its own content type or a stream, none of which Fastify passes to a
 * serialiser; as a body, the bytes pass the check untouched. The document's word only.
 */
export const fileBytes = z.custom<Buffer>().meta({ type: 'string', format: 'binary' });

/** A 200 whose content is the bytes of a file of one of these types. */
export function fileAnswer(description: string, ...contentTypes: string[]) {
  return { 200: { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBytes }])) } };
}

/** Answers (of any status) that are text documents of one type, such as cXML's Response. */
export function textAnswers(description: string, contentType: string, statuses: readonly string[]) {
  const answer = { description, content: { [contentType]: { schema: z.string() } } };
  return Object.fromEntries(statuses.map((status) => [status, answer]));
}
