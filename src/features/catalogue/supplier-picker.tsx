import { useState } from 'react';
import { SEARCH_DELAY_MS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import type { Supplier } from '../../domain/schemas/catalogue';
import { useSupplierPicklist } from '../../local/hooks/use-supplier-picklist';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value';
import { Muted, SupplierList, SupplierOption } from './catalogue.styles';

interface SupplierPickerProps {
  buyerId: string;
  onPick: (supplier: Supplier) => void;
}

/**
 * The buyer's first step: suppliers only, by name, from the store (so it opens offline
 * once seen), filtered as typed; the server is searched, 100 a page, once typing pauses.
 */
export function SupplierPicker({ buyerId, onPick }: SupplierPickerProps) {
  const [filter, setFilter] = useState('');
  const searched = useDebouncedValue(filter, SEARCH_DELAY_MS);
  const { suppliers, loadMore, loading, exhausted, failed } = useSupplierPicklist(buyerId, filter, searched);
  const none = suppliers !== undefined && suppliers.length === 0;
  const some = suppliers !== undefined && suppliers.length > 0;

  return (
    <section aria-label="Choose a supplier">
      <Muted>Choose the supplier whose catalogue you want to see.</Muted>
      <Field label="Supplier" type="search" inputMode="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {none && failed && <Muted role="status">The suppliers could not be loaded: the server cannot be reached.</Muted>}
      {none && !failed && !loading && <Muted role="status">{messages.noResults}</Muted>}
      {some && (
        <SupplierList aria-label="Suppliers">
          {suppliers.map((s) => (
            <li key={s.uniqueKey}>
              <SupplierOption onClick={() => onPick(s)}>{s.name}</SupplierOption>
            </li>
          ))}
        </SupplierList>
      )}
      {some && !exhausted && !failed && !loading && (
        <Button variant="outlined" onClick={loadMore}>
          More suppliers
        </Button>
      )}
    </section>
  );
}
