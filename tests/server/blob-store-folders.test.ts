import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../../server/files/blob-store';

describe('the disk blob store', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  // Small blobs are written in place, large ones through the thread pool: both ways.
  it.each([
    ['a small blob', (text: string) => Buffer.from(text)],
    ['a large blob', (text: string) => Buffer.concat([Buffer.from(text), Buffer.alloc(300 * 1024, 'x')])],
  ])('makes a folder it remembers again when an operator removed it (a day of mail purged): %s', async (_kind, bytesOf) => {
    root = mkdtempSync(join(tmpdir(), 'portal-blobs-'));
    const blobs = new DiskBlobStore(root);
    await blobs.put('intake/2026-11-27/email-1', bytesOf('first'), 'message/rfc822');
    rmSync(join(root, 'intake/2026-11-27'), { recursive: true });
    await blobs.put('intake/2026-11-27/email-2', bytesOf('second'), 'message/rfc822');
    expect(await blobs.get('intake/2026-11-27/email-2')).toEqual({ bytes: bytesOf('second'), contentType: 'message/rfc822' });
    expect(await blobs.get('intake/2026-11-27/email-1')).toBeNull();
    expect(readdirSync(join(root, 'intake/2026-11-27')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
