import { INVOICE_STATUS_FILTERS } from '../../domain/constants';
import type { InvoiceStatusFilter } from '../../domain/invoice-display';
import { Button } from '../../ui/button/Button';
import { FilterBar } from './invoice-list.styles';

/** All, Pending, Emailed, Exported: the active one is disabled (spec, Invoice list). */
export function InvoiceFilters({ value, onChange }: { value: InvoiceStatusFilter; onChange: (filter: InvoiceStatusFilter) => void }) {
  return (
    <FilterBar role="group" aria-label="Invoice status">
      {INVOICE_STATUS_FILTERS.map((filter) => (
        <Button key={filter} variant={filter === value ? 'primary' : 'outlined'} aria-pressed={filter === value} disabled={filter === value} onClick={() => onChange(filter)}>
          {filter}
        </Button>
      ))}
    </FilterBar>
  );
}
