import { S3Client } from '@aws-sdk/client-s3';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface S3Connection {
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Resolves the service's name for the socket; a guarded lookup refuses addresses a policy does not allow. */
  lookup?: LookupFunction;
}

/**
 * An S3 client for AWS or an S3-compatible server. A custom endpoint is addressed by
 * path (`host/bucket/key`), which every compatible server understands; checksums are
 * only sent where S3 requires them, since not every compatible server checks the newer ones.
 */
export function s3Client(c: S3Connection): S3Client {
  return new S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint, forcePathStyle: true } : {}),
    ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
    ...(c.lookup ? { requestHandler: { httpAgent: new HttpAgent({ lookup: c.lookup }), httpsAgent: new HttpsAgent({ lookup: c.lookup }) } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
