import { formatDateTime } from '../../domain/dates';
import { messages } from '../../domain/messages';
import { SimpleTable } from '../data-table/SimpleTable';
import type { Column } from '../data-table/columns';
import { Status } from '../data-table/data-table.styles';

export interface HistoryEntry {
  key: string;
  date?: string;
  action?: string;
  description?: string;
  user?: string;
}

interface HistoryTableProps {
  label: string;
  /** `undefined` while loading. */
  entries: readonly HistoryEntry[] | undefined;
  /** The last fetch failed: what is shown is what this device holds. */
  failed: boolean;
  /** The spec's invoice history has no description column. */
  showDescription?: boolean;
}

const columns = (showDescription: boolean): Column<HistoryEntry>[] => [
  { id: 'date', header: 'Date', cell: (e) => formatDateTime(e.date), minWidth: 150, kind: 'number' },
  { id: 'action', header: 'Action', cell: (e) => e.action ?? '', minWidth: 110 },
  ...(showDescription ? [{ id: 'description', header: 'Description', cell: (e: HistoryEntry) => e.description ?? '', minWidth: 160, priority: 2 as const }] : []),
  { id: 'user', header: 'By', cell: (e) => e.user ?? '', minWidth: 110 },
];

/** History entries (the audit trail): date, action, description and who did it. */
export function HistoryTable({ label, entries, failed, showDescription = true }: HistoryTableProps) {
  if (entries === undefined) return <Status role="status">Loading…</Status>;
  return (
    <>
      {failed && <Status role="status">The server could not be reached: this is the history saved on this device.</Status>}
      <SimpleTable label={label} rows={entries} columns={columns(showDescription)} rowKey={(e) => e.key} maxHeight="60vh" emptyText={messages.noResults} />
    </>
  );
}
