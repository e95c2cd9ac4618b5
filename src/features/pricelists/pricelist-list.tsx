import type { PricelistRow } from '../../local/hooks/use-pricelists';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';

interface PricelistListProps {
  pricelists: readonly PricelistRow[] | undefined;
  selectedKey: string | null;
  onSelect(row: PricelistRow): void;
  loadMore(): void;
  loading: boolean;
  exhausted: boolean;
}

const columns: Column<PricelistRow>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name ?? '', priority: 1, minWidth: 96 }];

/** The supplier's pricelists; the next page loads when the last row shows. */
export function PricelistList({ pricelists, selectedKey, onSelect, loadMore, loading, exhausted }: PricelistListProps) {
  return (
    <DataTable
      label="Pricelists"
      rows={pricelists}
      columns={columns}
      rowKey={(r) => r.key}
      onActivate={onSelect}
      rowState={(r) => ({ bold: r.key === selectedKey, dimmed: r.pending === true })}
      loadMore={loadMore}
      loading={loading}
      exhausted={exhausted}
      height="calc(100dvh - 300px)"
    />
  );
}
