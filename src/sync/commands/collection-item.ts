import type { CommandDef } from './command';
import { newRow } from './command';
import { mirrorTable, type MirrorTable } from '../store-schema';

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
}

/** The key of an added row until the server answers; `enqueue` fills in the entry id. */
export const TEMPORARY_KEY = 'tmp:{entryId}';
export const isTemporaryKey = (key: string) => key.startsWith('tmp:');

export function collectionCommands(spec: CollectionSpec): { add: CommandDef; edit: CommandDef; remove: CommandDef } {
  return {
    add: {
      kind: `${spec.name}.add`,
      apply: (_rows, entry) => [newRow(entry.touches[0]!, entry.body as Record<string, unknown>)],
      async onAck(db, entry, answer) {
        const touch = entry.touches[0]!;
        const table = mirrorTable(db, spec.table);
        const serverKey = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[spec.keyField] : undefined;
        // Without a key in the answer the changes feed brings the row; the temporary one goes either way.
        await table.delete([touch.scope, touch.key]);
        if (serverKey !== undefined && serverKey !== null) {
          const key = String(serverKey);
          const existing = await table.get([touch.scope, key]);
          await table.put({ ...(answer as Record<string, unknown>), scope: touch.scope, key, rev: existing?.rev ?? 0 });
        }
      },
    },
    edit: {
      kind: `${spec.name}.edit`,
      apply: (rows, entry) => rows.map((row) => (row ? { ...row, ...(entry.body as Record<string, unknown>) } : row)),
    },
    remove: {
      kind: `${spec.name}.delete`,
      apply: (rows) => rows.map(() => undefined),
    },
  };
}

export const COLLECTIONS = {
  property: { name: 'property', table: 'properties', path: '/property', keyField: 'orgPropertyNo' },
  receivingEmail: { name: 'receivingEmail', table: 'receivingEmails', path: '/receiving-email', keyField: 'id' },
  senderSource: { name: 'senderSource', table: 'senderSources', path: '/sending-email-domain', keyField: 'id' },
  ediExport: { name: 'ediExport', table: 'ediExports', path: '/edi-export', keyField: 'id' },
} as const satisfies Record<string, CollectionSpec>;
export type CollectionName = keyof typeof COLLECTIONS;
