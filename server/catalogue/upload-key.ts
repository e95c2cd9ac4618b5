import { randomUUID } from 'node:crypto';

/** A fresh blob key for a file an organisation is about to upload. */
export function uploadKey(orgKey: string, fileName: string): string {
  return `uploads/${orgKey}/${randomUUID()}-${fileName}`;
}
