import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';

/** Writes under a temporary name, then renames: a reader of `path` sees the whole file or none of it. */
export async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}
