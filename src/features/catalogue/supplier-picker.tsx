import { useEffect, useState } from 'react';
import { fetchSuppliers } from '../../api/catalogue-calls';
import { SEARCH_DELAY_MS, SUPPLIER_PICKLIST_PAGE_SIZE } from '../../domain/constants';
import { messages } from '../../domain/messages';
import type { Supplier } from '../../domain/schemas/catalogue';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value';
import { Muted, SupplierList, SupplierOption } from './catalogue.styles';

interface SupplierPickerProps {
  buyerId: string;
  onPick: (supplier: Supplier) => void;
}

/** The buyer's first step: suppliers only, 100 a page, searched by name on the server. */
export function SupplierPicker({ buyerId, onPick }: SupplierPickerProps) {
  const [filter, setFilter] = useState('');
  const searched = useDebouncedValue(filter, SEARCH_DELAY_MS);
  const [suppliers, setSuppliers] = useState<Supplier[] | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setOffset(0);
  }, [searched]);

  useEffect(() => {
    let current = true;
    setFailed(false);
    fetchSuppliers(buyerId, searched, offset).then(
      (page) => {
        if (!current) return;
        setSuppliers((held) => (offset === 0 ? page : [...(held ?? []), ...page]));
        setMore(page.length === SUPPLIER_PICKLIST_PAGE_SIZE);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [buyerId, searched, offset]);

  return (
    <section aria-label="Choose a supplier">
      <Muted>Choose the supplier whose catalogue you want to see.</Muted>
      <Field label="Supplier" type="search" inputMode="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {failed && <Muted role="status">The suppliers could not be loaded: the server cannot be reached.</Muted>}
      {suppliers && suppliers.length === 0 && <Muted role="status">{messages.noResults}</Muted>}
      {suppliers && suppliers.length > 0 && (
        <SupplierList aria-label="Suppliers">
          {suppliers.map((s) => (
            <li key={s.uniqueKey}>
              <SupplierOption onClick={() => onPick(s)}>{s.name}</SupplierOption>
            </li>
          ))}
        </SupplierList>
      )}
      {more && (
        <Button variant="outlined" onClick={() => setOffset((o) => o + SUPPLIER_PICKLIST_PAGE_SIZE)}>
          More suppliers
        </Button>
      )}
    </section>
  );
}
