import { putCxmlCredential } from '../../api/cxml-credential-calls';
import type { CxmlCredentialInput, CxmlCredentialView } from '../../domain/schemas/cxml-credential';

/**
 * Saves an organisation's cXML credential at once, online only and never queued: it may
 * carry the shared secret, which must never be stored in the browser (see save-edi-password.ts).
 */
export function saveCxmlCredential(orgId: string, input: CxmlCredentialInput): Promise<CxmlCredentialView> {
  return putCxmlCredential(orgId, input);
}
