import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = resolve(import.meta.dirname, '../../../dist');

/**
 * The gzip size (level 9) of the built files behind script URLs of the app: the weight
 * of the JavaScript a page loaded, the same on every machine, unlike what one transfer
 * happened to send (brotli or gzip, cached or not).
 */
export function scriptGzipBytes(urls: readonly string[]): number {
  return urls.reduce((sum, url) => sum + gzipSync(readFileSync(resolve(DIST, `.${new URL(url).pathname}`)), { level: 9 }).length, 0);
}
