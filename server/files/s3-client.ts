import { S3Client } from '@aws-sdk/client-s3';

export interface S3Connection {
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
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
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
