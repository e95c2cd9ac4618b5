import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceItem } from '../../src/domain/schemas/invoices';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { heldInvoices } from '../../src/local/hooks/use-invoices';
import { pendingPdfUrls, prefetchFiles, type PrefetchEnv, type PrefetchLimits } from '../../src/local/offline-files/prefetch-invoice-pdfs';
import { applyRows } from '../../src/sync/apply-rows';

const SCOPE = 'buyer:UNIWESTMERE1';
const MB = 1024 * 1024;

function item(oiid: number, fields: { exported?: boolean; pdf?: boolean; day: number }): InvoiceItem {
  return {
    oiid,
    buyerId: 'UNIWESTMERE1',
    read: false,
    exported: fields.exported ?? false,
    veStatus: fields.exported ? 'Exported' : 'Pending',
    title: 'Tax Invoice',
    supplierName: 'Acme',
    supplierCode: 'AP1',
    document: null,
    message: {
      subject: `Invoice ${oiid}`,
      senderEmail: 'ar@acme.test',
      createdDate: `2026-10-${String(fields.day).padStart(2, '0')}T10:00:00.000Z`,
      recipients: [],
      htmlBody: null,
      pdfUrl: fields.pdf === false ? null : `/api/buyer/UNIWESTMERE1/invoice/${oiid}/pdf`,
    },
    rev: oiid,
  };
}

let n = 0;
afterEach(() => closeLocalDatabase());

async function storeOf(items: InvoiceItem[]) {
  n += 1;
  const db = openLocalDatabase(`prefetch${n}-${Date.now()}@demo.test`);
  await applyRows(
    db,
    items.map((i) => ({ table: 'invoices' as const, scope: SCOPE, key: String(i.oiid), rev: i.rev, row: { ...i } })),
    'replace',
  );
  return db;
}

/** A browser of files: `held` are cached, each fetch costs `size` bytes, `free` bytes remain of a 10 GB quota. */
function env(opts: { held?: string[]; size?: number; free?: number; failAt?: string }) {
  const fetched: string[] = [];
  const quota = 10_000 * MB;
  let free = opts.free ?? quota;
  const e: PrefetchEnv = {
    isHeld: async (url) => opts.held?.includes(url) ?? false,
    fetchFile: async (url) => {
      if (url === opts.failAt) throw new Error('offline');
      fetched.push(url);
      free -= opts.size ?? MB;
      return opts.size ?? MB;
    },
    estimate: async () => ({ usage: quota - free, quota }),
  };
  return { env: e, fetched };
}

const limits: PrefetchLimits = { maxCount: 50, maxBytes: 40 * MB, minFreeBytes: 200 * MB, minFreeShare: 0.01 };

describe('the PDFs kept offline', () => {
  it('are those of the newest unexported invoices that have one, at most maxCount', async () => {
    const db = await storeOf([
      item(1, { day: 1 }),
      item(2, { day: 5, exported: true }),
      item(3, { day: 3, pdf: false }),
      item(4, { day: 4 }),
      item(5, { day: 2 }),
    ]);
    const invoices = await heldInvoices(db, SCOPE);
    expect(invoices.map((i) => i.oiid)).toEqual([2, 4, 3, 5, 1]);
    expect(pendingPdfUrls(invoices, 2)).toEqual(['/api/buyer/UNIWESTMERE1/invoice/4/pdf', '/api/buyer/UNIWESTMERE1/invoice/5/pdf']);
    expect(pendingPdfUrls(invoices, 50)).toHaveLength(3);
  });

  it('are fetched once: files already held are skipped', async () => {
    const urls = ['a', 'b', 'c'];
    const { env: e, fetched } = env({ held: ['b'] });
    const outcome = await prefetchFiles(urls, limits, e);
    expect(fetched).toEqual(['a', 'c']);
    expect(outcome).toMatchObject({ candidates: 3, alreadyHeld: 1, fetched: 2, bytes: 2 * MB, stopped: 'done' });
  });

  it('stop at the byte budget', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `pdf${i}`);
    const { env: e, fetched } = env({ size: 15 * MB });
    const outcome = await prefetchFiles(urls, limits, e);
    expect(fetched).toHaveLength(3);
    expect(outcome.stopped).toBe('bytes');
    expect(outcome.bytes).toBe(45 * MB);
  });

  it('stop when storage runs short', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `pdf${i}`);
    const { env: e, fetched } = env({ size: 50 * MB, free: 300 * MB });
    const outcome = await prefetchFiles(urls, { ...limits, maxBytes: 1000 * MB }, e);
    // 300 MB free: after three files of 50 MB only 150 MB remain, under the 200 MB floor.
    expect(fetched).toEqual(['pdf0', 'pdf1', 'pdf2']);
    expect(outcome.stopped).toBe('storage');
  });

  it('stop at the first failure (offline), keeping what came', async () => {
    const { env: e, fetched } = env({ failAt: 'b' });
    const outcome = await prefetchFiles(['a', 'b', 'c'], limits, e);
    expect(fetched).toEqual(['a']);
    expect(outcome).toMatchObject({ fetched: 1, stopped: 'failed' });
  });
});
