import { z } from 'zod';
import { text } from './text';

/**
 * An organisation's cXML credential (GET/PUT /org/{id}/cxml-credential): the identities its
 * partners' systems name it by in cXML headers, and the shared secret a sender proves itself
 * with. The secret is write-only: sent on PUT, answered only as `sharedSecretSet`.
 */
const cxmlIdentitySchema = z.object({
  domain: text('code').trim().min(1, 'Domain is required'),
  identity: text('name').trim().min(1, 'Identity is required'),
});
export type CxmlIdentity = z.infer<typeof cxmlIdentitySchema>;

/** A shared secret a machine keeps: long enough not to be guessed, short enough to fit a header. */
export const CXML_SECRET_MIN = 12;

export const cxmlCredentialInputSchema = z.object({
  identities: z.array(cxmlIdentitySchema).max(20),
  /** A new secret; omitted or null keeps the stored one, '' removes it. */
  sharedSecret: z
    .string()
    .max(200)
    .refine((s) => s === '' || s.length >= CXML_SECRET_MIN, `Shared secret must be at least ${CXML_SECRET_MIN} characters`)
    .nullish(),
});
export type CxmlCredentialInput = z.infer<typeof cxmlCredentialInputSchema>;

export const cxmlCredentialViewSchema = z.object({
  identities: z.array(cxmlIdentitySchema),
  sharedSecretSet: z.boolean(),
});
export type CxmlCredentialView = z.infer<typeof cxmlCredentialViewSchema>;

/** One inbound cXML request as support sees it in the account drawer. */
export const cxmlInboundEntrySchema = z.object({
  receivedAt: z.string(),
  requestType: z.string(),
  payloadId: z.string(),
  statusCode: z.number().int(),
  statusText: z.string(),
});
export type CxmlInboundEntry = z.infer<typeof cxmlInboundEntrySchema>;
