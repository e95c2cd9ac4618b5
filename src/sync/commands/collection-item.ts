import type { CommandDef } from './command';
import { newRow } from './command';
import type { MirrorRow } from '../rows';
import { mirrorTable, type MirrorTable, type SyncDb } from '../store-schema';

/**
 * The org-level lists the account drawer edits row by row (properties, receiving
 * emails, sender sources, EDI export settings): add, edit, delete. An added row
 * lives under a temporary key until the server answers with its own key.
 */
export interface CollectionSpec {
  name: string;
  table: MirrorTable;
  /** The API path under `/org/{id}`, e.g. `/property`. */
  path: string;
  /** The field of the server's row that is its key, e.g. `orgPropertyNo`. */
  keyField: string;
  /**
   * The optimistic row's fields for a request body, when they differ from it: an EDI
   * password is sent but never stored in the browser, only whether one is set.
   */
  rowFields?(body: Record<string, unknown>): Record<string, unknown>;
}

/** The key of an added row until the server answers; `enqueue` fills in the entry id. */
export const TEMPORARY_KEY = 'tmp:{entryId}';
export const isTemporaryKey = (key: string) => key.startsWith('tmp:');
/** Where an accepted add leaves the server's key of a temporary one, so a screen showing the new row can follow it. */
export const savedKeyMetaKey = (scope: string, temporaryKey: string) => `savedAs|${scope}|${temporaryKey}`;

const serverKeyOf = (spec: CollectionSpec, answer: unknown) => {
  const key = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[spec.keyField] : undefined;
  return key === undefined || key === null ? null : String(key);
};

/**
 * The server's row under its own key. Fields the answer lacks but the row had stay
 * (a user row names its account, which the user calls do not answer).
 */
async function putAnswer(db: SyncDb, spec: CollectionSpec, scope: string, key: string, answer: unknown, held: MirrorRow | undefined) {
  const table = mirrorTable(db, spec.table);
  const existing = await table.get([scope, key]);
  const { pending: _pending, ...kept } = held ?? existing ?? ({} as Partial<MirrorRow>);
  await table.put({ ...kept, ...(answer as Record<string, unknown>), scope, key, rev: existing?.rev ?? 0 });
}

export function collectionCommands(spec: CollectionSpec): { add: CommandDef; edit: CommandDef; remove: CommandDef } {
  const fieldsOf = (body: unknown) => (spec.rowFields ?? ((b) => b))(body as Record<string, unknown>);
  return {
    add: {
      kind: `${spec.name}.add`,
      apply: (_rows, entry) => [newRow(entry.touches[0]!, fieldsOf(entry.body))],
      async onAck(db, entry, answer) {
        const touch = entry.touches[0]!;
        const table = mirrorTable(db, spec.table);
        const held = await table.get([touch.scope, touch.key]);
        // Without a key in the answer the changes feed brings the row; the temporary one goes either way.
        await table.delete([touch.scope, touch.key]);
        const key = serverKeyOf(spec, answer);
        if (key !== null) {
          await putAnswer(db, spec, touch.scope, key, answer, held);
          await db.meta.put({ key: savedKeyMetaKey(touch.scope, touch.key), value: key });
        }
      },
    },
    edit: {
      kind: `${spec.name}.edit`,
      apply: (rows, entry) => rows.map((row) => (row ? { ...row, ...fieldsOf(entry.body) } : row)),
      async onAck(db, entry, answer) {
        const touch = entry.touches[0]!;
        if (serverKeyOf(spec, answer) === touch.key) await putAnswer(db, spec, touch.scope, touch.key, answer, undefined);
      },
    },
    remove: {
      kind: `${spec.name}.delete`,
      apply: (rows) => rows.map(() => undefined),
    },
  };
}

/** An EDI setting as the browser keeps it: the password left out, only whether one is set (absent: unchanged). */
function ediRowFields(body: Record<string, unknown>): Record<string, unknown> {
  const { password, ...rest } = body;
  return 'password' in body ? { ...rest, passwordSet: typeof password === 'string' && password !== '' } : rest;
}

export const COLLECTIONS = {
  property: { name: 'property', table: 'properties', path: '/property', keyField: 'orgPropertyNo' },
  receivingEmail: { name: 'receivingEmail', table: 'receivingEmails', path: '/receiving-email', keyField: 'id' },
  senderSource: { name: 'senderSource', table: 'senderSources', path: '/sending-email-domain', keyField: 'id' },
  ediExport: { name: 'ediExport', table: 'ediExports', path: '/edi-export', keyField: 'id', rowFields: ediRowFields },
} as const satisfies Record<string, CollectionSpec>;
export type CollectionName = keyof typeof COLLECTIONS;

/**
 * What support administers from its own organisation's scope: the accounts (path
 * `/org`) and each account's users (path `/org/{orgid}/user`, rows naming `orgId`).
 */
export const SUPPORT_COLLECTIONS = {
  account: { name: 'account', table: 'accounts', path: '/org', keyField: 'uniqueKey' },
  user: { name: 'user', table: 'users', path: '/user', keyField: 'userNo' },
} as const satisfies Record<string, CollectionSpec>;
