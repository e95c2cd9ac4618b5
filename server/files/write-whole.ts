import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

const tmpNameOf = (path: string) => `${path}.${randomBytes(6).toString('hex')}.tmp`;

/** Writes under a temporary name, then renames: a reader of `path` sees the whole file or none of it. */
export async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const tmp = tmpNameOf(path);
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** writeWhole with the calling thread's own system calls, for a small file (see DiskBlobStore.put). */
export function writeWholeSync(path: string, data: string | Buffer): void {
  const tmp = tmpNameOf(path);
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
