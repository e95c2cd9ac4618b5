import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../auth/session';
import type { ServerConfig } from '../config';
import { signedUploadUrl, UPLOAD_URL_TTL_SEC } from '../files/signed-url';

/**
 * The spec's upload-url answer: a signed URL for a fresh blob key, whose PUT queues
 * the import job named by `purpose`, on behalf of the user who asked.
 */
export function jobUploadUrl(
  config: Pick<ServerConfig, 'secret'>,
  input: { orgKey: string; fileName: string; purpose: string; user: Pick<SessionUser, 'displayName'>; params?: Record<string, string> },
): string {
  return signedUploadUrl(config, {
    key: `uploads/${input.orgKey}/${randomUUID()}-${input.fileName}`,
    purpose: input.purpose,
    orgKey: input.orgKey,
    expiresInSec: UPLOAD_URL_TTL_SEC,
    params: { ...input.params, user: input.user.displayName },
  });
}
