import { formatDateTime } from '../../domain/dates';
import { messages } from '../../domain/messages';
import type { HistoryRow } from '../../local/hooks/use-history';
import { Table, TableScroll } from './data-table.styles';
import { Message } from './order-detail.styles';

interface HistoryTableProps {
  label: string;
  entries: HistoryRow[] | undefined;
  failed: boolean;
}

/** History entries: date, action, description and who did it. */
export function HistoryTable({ label, entries, failed }: HistoryTableProps) {
  if (entries === undefined) return <Message role="status">Loading…</Message>;
  return (
    <>
      {failed && <Message role="status">The server could not be reached: this is the history saved on this device.</Message>}
      {entries.length === 0 ? (
        <Message role="status">{messages.noResults}</Message>
      ) : (
        <TableScroll $maxHeight="60vh">
          <Table aria-label={label} style={{ minWidth: 560 }}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Action</th>
                <th scope="col">Description</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.key}>
                  <td>{formatDateTime(entry.date)}</td>
                  <td>{entry.action ?? ''}</td>
                  <td>{entry.description ?? ''}</td>
                  <td>{entry.user ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </>
  );
}
