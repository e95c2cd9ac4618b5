import { formatMessage } from '../../src/domain/messages';
import type { ServerConfig } from '../config';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { IntakeMessagesTable } from '../db/tables/intake';
import type { BlobStore } from '../files/blob-store';
import { finishJob, type JobRow } from '../jobs/queue';
import { yieldToRequests } from '../jobs/yield-to-requests';
import { receiveInvoice, type InvoiceArrival, type ReceivedInvoice } from '../invoices/receive-invoice';
import type { ParsedMail } from '../sandbox/tasks/parse-mail';
import { sha256Key } from './accept-message';
import { takeAcceptedBytes } from './accepted-bytes';
import { extractFile } from './extract-file';
import type { ExtractionOutcome, IntakeFile } from './extract/extracted-invoice';
import { parseMailSandboxed } from './parse-mail-sandboxed';
import { supplierAccountCode, supplierByKey, supplierByPartyIds, supplierBySender, type SupplierMatch } from './route-supplier';

export interface IntakeContext {
  db: Db;
  blobs: BlobStore;
  config: Pick<ServerConfig, 'intake'>;
}

export interface IntakeResult {
  state: 'done' | 'duplicate';
  invoiceIds: number[];
  attachments: Array<{ fileName: string; outcome: ExtractionOutcome['kind']; reason: string | null }>;
}

type MessageRow = Selectable<IntakeMessagesTable>;

/**
 * The job a run of a message belongs to: it ends ('done', with the run's result) in the
 * transaction that creates the invoices, one commit fewer a mail, and `finished` says so.
 */
export interface IntakeJobClaim {
  job: Pick<JobRow, 'id' | 'attempts'>;
  finished: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text mail is shown as its text, never as markup. */
function bodyHtml(mail: ParsedMail): string | null {
  if (mail.html) return mail.html;
  if (mail.text?.trim()) return `<pre style="white-space: pre-wrap; font: inherit">${escapeHtml(mail.text)}</pre>`;
  return null;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 80) || 'file';

/** What a message turned into before any invoice exists: its mail (or upload) and each attachment's outcome. */
interface ReadMessage {
  mail: ParsedMail | null;
  /** Why the mail itself could not be read (a mail bomb, a parser limit). */
  unreadable: string | null;
  files: Array<{ file: IntakeFile; blobKey: string; outcome: ExtractionOutcome }>;
}

/** The mail as the sandbox read it; for an upload, the file as its one attachment. */
async function readMail(ctx: IntakeContext, row: MessageRow, raw: Buffer): Promise<Pick<ReadMessage, 'mail' | 'unreadable'>> {
  if (row.source === 'upload' || row.source === 'cxml') {
    const fileName = row.file_name ?? 'upload';
    const file = { filename: fileName, contentType: row.content_type, bytes: raw };
    return { mail: { messageId: null, subject: fileName, from: row.sender, to: [], date: null, html: null, text: null, attachments: [file], auth: null }, unreadable: null };
  }
  try {
    const mail = await parseMailSandboxed(raw, { ip: row.client_ip, helo: row.helo, sender: row.sender, dnsRecords: ctx.config.intake?.dnsRecords ?? null });
    return { mail, unreadable: null };
  } catch (error) {
    return { mail: null, unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** Each attachment kept in the blob store, whatever extraction makes of it, and extracted (in the sandbox). */
async function extractAttachments(ctx: IntakeContext, row: MessageRow, mail: ParsedMail | null): Promise<ReadMessage['files']> {
  const files: ReadMessage['files'] = [];
  for (const [i, file] of (mail?.attachments ?? []).entries()) {
    const whole = row.source === 'upload' || row.source === 'cxml';
    // Beside the message, not in a folder of its own: one folder fewer to make for every mail.
    const blobKey = whole ? row.blob_key : `${row.blob_key}-part-${i + 1}-${safeName(file.filename)}`;
    // A view of the bytes the sandbox answered, not a copy of them.
    if (!whole) await ctx.blobs.put(blobKey, Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), file.contentType);
    files.push({ file, blobKey, outcome: await extractFile(ctx.db, file) });
  }
  return files;
}

const structured = (f: ReadFile) => f.outcome.kind === 'invoice' && f.outcome.invoice.format !== 'PDF-TEMPLATE';
const documentIdOf = (f: ReadFile) => (f.outcome.kind === 'invoice' ? f.outcome.invoice.document.documentId : null);

/**
 * One invoice per invoice document. Files of one mail stating the same invoice number
 * (a UBL file and its PDF picture) are one invoice: the structured file's data, the
 * PDF for the viewer. A mail without any invoice document is still one invoice, whose
 * problems are shown, with the first PDF that can be shown.
 */
function invoicePlans(files: ReadFile[]): Plan[] {
  const groups = new Map<string, ReadFile[]>();
  for (const f of files.filter((x) => x.outcome.kind === 'invoice')) {
    const key = documentIdOf(f) ?? `#${files.indexOf(f)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const viewable = files.filter((f) => f.outcome.showPdf);
  if (groups.size === 0) return [{ doc: null, pdf: viewable[0] ?? null, copies: [] }];
  const spare = viewable.filter((f) => f.outcome.kind !== 'invoice');
  return [...groups.values()].map((group) => {
    const doc = group.find(structured) ?? group[0]!;
    const pdf = group.find((f) => f.outcome.showPdf) ?? (groups.size === 1 ? (spare[0] ?? null) : null);
    return { doc, pdf, copies: group.filter((f) => f !== doc && f !== pdf) };
  });
}

/** The supplier of an invoice: the document's party ids first, then the sender against sender sources. */
async function routeSupplier(db: Db, doc: ExtractionOutcome | null, row: MessageRow, sender: string): Promise<SupplierMatch | null> {
  if (doc?.kind === 'invoice') {
    const byDocument = await supplierByPartyIds(db, doc.invoice.seller);
    if (byDocument) return byDocument;
  }
  // cXML: the From credential the endpoint authenticated is the supplier.
  if (row.source === 'cxml') return supplierByKey(db, row.sender);
  return supplierBySender(db, sender);
}

const authPassed = (auth: ParsedMail['auth']) => !auth || auth.dkim === 'pass' || auth.spf === 'pass';

/**
 * Turns one intake message into invoices: reads the mail (in the sandbox), extracts
 * each attachment (in the sandbox), routes each invoice document to its supplier and
 * creates one invoice per invoice document, or one 'Document with extraction problems'
 * when there is none. A second copy of a message (same Message-ID, or the same bytes)
 * creates nothing. Everything is written in one transaction with the message's state,
 * so a job run again after a crash starts over cleanly.
 */
export async function processIntakeMessage(ctx: IntakeContext, messageId: number, claim?: IntakeJobClaim): Promise<IntakeResult> {
  const [row] = await messageRow(ctx.db, { id: messageId });
  if (!row) throw new Error(`No intake message ${messageId}`);
  if (row.state !== 'queued') return { state: row.state === 'duplicate' ? 'duplicate' : 'done', invoiceIds: JSON.parse(row.invoice_ids) as number[], attachments: [] };
  const raw = takeAcceptedBytes(row.blob_key) ?? (await ctx.blobs.get(row.blob_key))?.bytes;
  if (!raw) throw new Error(`The stored message ${row.blob_key} is missing`);

  const { mail, unreadable } = await readMail(ctx, row, raw);
  const dedupeKey = row.dedupe_key ?? (mail?.messageId ? `mid:${mail.messageId}` : sha256Key(raw));
  if (await isDuplicate(ctx.db, row, dedupeKey)) return markDuplicate(ctx.db, row.id);
  const read: ReadMessage = { mail, unreadable, files: await extractAttachments(ctx, row, mail) };

  const sender = read.mail?.from ?? row.sender;
  const arrival: InvoiceArrival =
    row.source === 'upload'
      ? { kind: 'upload', user: row.sender, fileName: read.files[0]?.file.filename ?? 'upload' }
      : row.source === 'cxml'
        ? { kind: 'cxml', from: row.sender }
        : { kind: 'email', from: sender, auth: read.mail?.auth ?? null };
  const message = {
    subject: read.mail?.subject || (read.unreadable ? `Unreadable message (${read.unreadable})` : '(no subject)'),
    senderEmail: sender,
    createdDate: read.mail?.date ?? row.created_at,
    recipients: row.source === 'upload' || row.source === 'cxml' ? [] : read.mail?.to.length ? read.mail.to : (JSON.parse(row.recipients) as string[]),
    htmlBody: read.mail ? bodyHtml(read.mail) : null,
  };

  const plans = invoicePlans(read.files);
  const routed: Routed[] = [];
  for (const plan of plans) {
    const supplier = await routeSupplier(ctx.db, plan.doc?.outcome ?? null, row, sender);
    // An unknown supplier is one of matching's General errors (server/invoices/match-invoice.ts); this flag only the intake can raise.
    const errors: string[] = [];
    if (supplier && supplier.via === 'sender' && !authPassed(read.mail?.auth ?? null)) errors.push(formatMessage.senderNotAuthenticated(sender));
    const accountCode = supplier ? await supplierAccountCode(ctx.db, row.buyer_key, supplier.supplierKey) : null;
    routed.push({ ...plan, supplier, accountCode, errors });
  }

  // The reads above and the write below each hold the event loop (better-sqlite3 answers
  // synchronously): another user's request that came meanwhile is answered between them.
  await yieldToRequests();
  try {
    return await createInvoices(ctx, row, read, dedupeKey, { routed, message, arrival }, claim);
  } catch (error) {
    if (error instanceof AlreadyTaken) return processIntakeMessage(ctx, row.id, claim);
    // Another process took the same message first: the unique key says so.
    if (await isDuplicate(ctx.db, row, dedupeKey)) return markDuplicate(ctx.db, row.id);
    throw error;
  }
}

/** Another run of the same message (a second process, a job run again) created its invoices first. */
class AlreadyTaken extends Error {}

type ReadFile = ReadMessage['files'][number];
type Plan = { doc: ReadFile | null; pdf: ReadFile | null; copies: ReadFile[] };
type Routed = Plan & { supplier: SupplierMatch | null; accountCode: string | null; errors: string[] };

async function createInvoices(
  ctx: IntakeContext,
  row: MessageRow,
  read: ReadMessage,
  dedupeKey: string,
  plan: { routed: Routed[]; message: ReceivedInvoice['message']; arrival: InvoiceArrival },
  claim: IntakeJobClaim | undefined,
): Promise<IntakeResult> {
  const { routed, message, arrival } = plan;
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Only one run of a message creates its invoices: the first to move it out of 'queued'.
    const taken = await takeMessage(trx, { id: row.id, dedupeKey });
    if (taken.length !== 1) throw new AlreadyTaken();
    const invoiceIds: number[] = [];
    for (const plan of routed) {
      const outcome = plan.doc?.outcome;
      const oiid = await receiveInvoice(trx, {
        buyerKey: row.buyer_key,
        supplier: plan.supplier ? { key: plan.supplier.supplierKey, name: plan.supplier.name, accountCode: plan.accountCode } : null,
        extracted: outcome?.kind === 'invoice' ? outcome.invoice : null,
        message,
        pdfKey: plan.pdf?.blobKey ?? null,
        receivedAt: row.created_at,
        arrival,
        generalErrors: plan.errors,
      });
      invoiceIds.push(oiid);
    }
    for (const f of read.files) {
      const owner = routed.findIndex((p) => p.doc === f || p.pdf === f || p.copies.includes(f));
      await insertAttachment(trx, {
        messageId: row.id,
        fileName: f.file.filename,
        contentType: f.file.contentType,
        size: f.file.bytes.byteLength,
        blobKey: f.blobKey,
        outcome: f.outcome.kind,
        reason: f.outcome.kind === 'invoice' ? null : f.outcome.reason,
        oiid: invoiceIds[owner >= 0 ? owner : 0] ?? null,
      });
    }
    await settleMessage(trx, { id: row.id, error: read.unreadable, invoiceIds: JSON.stringify(invoiceIds) });
    const done: IntakeResult = { state: 'done', invoiceIds, attachments: summary(read) };
    // Only the holder of the claim ends the job: had it been claimed again meanwhile (its lease ran out), this rolls back.
    if (claim && !(await finishJob(trx, claim.job, { state: 'done', result: done, error: null }))) throw new Error('The intake job was claimed again meanwhile');
    return done;
  });
  if (claim) claim.finished = true;
  return result;
}

function summary(read: ReadMessage): IntakeResult['attachments'] {
  return read.files.map((f) => ({ fileName: f.file.filename, outcome: f.outcome.kind, reason: f.outcome.kind === 'invoice' ? null : f.outcome.reason }));
}

async function isDuplicate(db: Db, row: MessageRow, dedupeKey: string): Promise<boolean> {
  const others = await otherCopies(db, { buyerKey: row.buyer_key, dedupeKey, id: row.id });
  return others.length > 0;
}

// The statements every message runs, compiled once (prepared-query.ts).
const messageRow = preparedQuery((db, v: { id: number }) => db.selectFrom('intake_messages').selectAll().where('id', '=', v.id));

const otherCopies = preparedQuery((db, v: { buyerKey: string; dedupeKey: string; id: number }) =>
  db.selectFrom('intake_messages').select('id').where('buyer_key', '=', v.buyerKey).where('dedupe_key', '=', v.dedupeKey).where('id', '!=', v.id).limit(1),
);

/** Moves the message out of 'queued': answers its id when this run took it. */
const takeMessage = preparedQuery((db, v: { id: number; dedupeKey: string }) =>
  db.updateTable('intake_messages').set({ dedupe_key: v.dedupeKey, state: 'done' }).where('id', '=', v.id).where('state', '=', 'queued').returning('id'),
);

const insertAttachment = preparedQuery(
  (db, v: { messageId: number; fileName: string; contentType: string; size: number; blobKey: string; outcome: string; reason: string | null; oiid: number | null }) =>
    db.insertInto('intake_attachments').values({
      message_id: v.messageId,
      file_name: v.fileName,
      content_type: v.contentType,
      size: v.size,
      blob_key: v.blobKey,
      outcome: v.outcome,
      reason: v.reason,
      oiid: v.oiid,
    }),
);

const settleMessage = preparedQuery((db, v: { id: number; error: string | null; invoiceIds: string }) =>
  db.updateTable('intake_messages').set({ error: v.error, invoice_ids: v.invoiceIds }).where('id', '=', v.id),
);

async function markDuplicate(db: Db, id: number): Promise<IntakeResult> {
  await db.updateTable('intake_messages').set({ state: 'duplicate', error: 'A copy of a message already received' }).where('id', '=', id).execute();
  return { state: 'duplicate', invoiceIds: [], attachments: [] };
}
