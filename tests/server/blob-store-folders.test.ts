import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../../server/files/blob-store';

describe('the disk blob store', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes a folder it remembers again when an operator removed it (a day of mail purged)', async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-blobs-'));
    const blobs = new DiskBlobStore(root);
    await blobs.put('intake/2026-11-27/email-1', Buffer.from('first'), 'message/rfc822');
    rmSync(join(root, 'intake/2026-11-27'), { recursive: true });
    await blobs.put('intake/2026-11-27/email-2', Buffer.from('second'), 'message/rfc822');
    expect(await blobs.get('intake/2026-11-27/email-2')).toEqual({ bytes: Buffer.from('second'), contentType: 'message/rfc822' });
    expect(await blobs.get('intake/2026-11-27/email-1')).toBeNull();
  });
});
