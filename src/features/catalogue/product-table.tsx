import { useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../domain/money';
import { flagCodeText, hasDiscrepancies, lastExportedText, unitPrices } from '../../domain/product-display';
import { useProductList, useProductSearch, type ProductWithMeta } from '../../local/hooks/use-products';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';
import { Field } from '../../ui/field/Field';
import { Value } from '../../ui/missing-value/MissingValue';
import { Tooltip } from '../../ui/tooltip/Tooltip';
import { Bar, CheckboxCell, Grow, IconCell, Muted } from './catalogue.styles';
import { DiscrepancyIcon } from './discrepancy-icon';
import { productFields, todayIso } from './product-values';

interface ProductTableProps {
  scope: string;
  sellerId: string;
  /** Buyers get the Included checkbox and the price columns; suppliers Code, Description, UOM. */
  onToggleIncluded: ((productCode: string, included: boolean) => void) | null;
  /** False for a buyer's user who may not curate the catalogue: the Included column is shown, not changeable. */
  mayInclude?: boolean;
  onOpen: (productCode: string) => void;
  /** Tells the toolset whether there is anything to export. */
  onCount?: (count: number) => void;
}

const stop = (event: { stopPropagation(): void }) => event.stopPropagation();

/** `mayInclude` false: the Included column is shown but cannot be changed (curating is an admin's). */
function buyerColumns(toggle: (code: string, included: boolean) => void, mayInclude: boolean, today: string): Column<ProductWithMeta>[] {
  return [
    {
      id: 'included',
      header: 'Included',
      width: '70px',
      minWidth: 70,
      kind: 'control',
      priority: 1,
      cell: (item) => {
        const f = productFields(item);
        return (
          <CheckboxCell onClick={stop} onKeyDown={stop}>
            <input type="checkbox" aria-label={`Included ${f.code}`} checked={f.included} disabled={!mayInclude} onChange={(e) => toggle(f.code, e.target.checked)} />
          </CheckboxCell>
        );
      },
    },
    {
      id: 'discrepancy',
      header: <span aria-hidden="true">!</span>,
      label: 'Price discrepancy',
      width: '36px',
      minWidth: 36,
      kind: 'control',
      priority: 1,
      cell: (item) =>
        hasDiscrepancies(productFields(item).discrepancies) ? (
          <Tooltip content="Pricing discrepancies">
            <IconCell role="img" aria-label={`Pricing discrepancies for ${productFields(item).code}`}>
              <DiscrepancyIcon />
            </IconCell>
          </Tooltip>
        ) : null,
    },
    { id: 'code', header: 'Code', width: 'minmax(96px, 1fr)', minWidth: 96, kind: 'code', priority: 1, cell: (item) => productFields(item).code },
    {
      id: 'description',
      header: 'Description',
      width: 'minmax(226px, 3fr)',
      minWidth: 226,
      priority: 1,
      cell: (item) => <Value>{productFields(item).text('description')}</Value>,
    },
    { id: 'flag', header: 'Flag Code', minWidth: 80, priority: 3, cell: (item) => <Value>{flagCodeText(productFields(item).text('flagCode'))}</Value> },
    { id: 'unit', header: 'Purchasing Unit', minWidth: 88, kind: 'code', priority: 2, cell: (item) => <Value>{productFields(item).text('unitOfMeasure')}</Value> },
    {
      id: 'ours',
      header: 'Our Price(excl)',
      minWidth: 86,
      align: 'end',
      priority: 2,
      cell: (item) => {
        const f = productFields(item);
        const { ours } = unitPrices(f.text('unitOfMeasure'), f.prices, f.contractPrices, today);
        return <Value>{ours === null ? null : formatMoney(ours)}</Value>;
      },
    },
    {
      id: 'supplier',
      header: 'Supplier Price(excl)',
      minWidth: 86,
      align: 'end',
      priority: 2,
      cell: (item) => {
        const f = productFields(item);
        const { supplier } = unitPrices(f.text('unitOfMeasure'), f.prices, f.contractPrices, today);
        return <Value>{supplier === null ? null : formatMoney(supplier)}</Value>;
      },
    },
    { id: 'exported', header: 'Last Exported', minWidth: 92, kind: 'number', priority: 3, cell: (item) => <Value>{lastExportedText(productFields(item).lastExported)}</Value> },
  ];
}

const sellerColumns: Column<ProductWithMeta>[] = [
  { id: 'code', header: 'Code', width: 'minmax(108px, 1fr)', minWidth: 108, kind: 'code', priority: 1, cell: (item) => productFields(item).code },
  {
    id: 'description',
    header: 'Description',
    width: 'minmax(160px, 3fr)',
    minWidth: 160,
    priority: 1,
    cell: (item) => <Value>{productFields(item).text('description')}</Value>,
  },
  { id: 'uom', header: 'UOM', width: '100px', minWidth: 80, kind: 'code', priority: 1, cell: (item) => <Value>{productFields(item).text('unitOfMeasure')}</Value> },
];

/**
 * The catalogue table. The first 20 rows come from the server at once while the rest
 * of the catalogue is mirrored behind them (the progress line says how far); typing
 * searches the mirrored catalogue in the sync worker, so input never waits on it, and
 * the server too until the whole catalogue is held (20 hits a page, more at the last).
 */
export function ProductTable({ scope, sellerId, onToggleIncluded, mayInclude = true, onOpen, onCount }: ProductTableProps) {
  const [filter, setFilter] = useState('');
  const { products, loadMore, exhausted, progress } = useProductList(scope, sellerId);
  const search = useProductSearch(scope, sellerId, filter, products, progress.complete);
  const searching = filter.trim() !== '';
  const rows = searching ? search.hits : products;
  const today = useMemo(todayIso, []);
  const columns = useMemo(
    () => (onToggleIncluded ? buyerColumns(onToggleIncluded, mayInclude, today) : sellerColumns),
    [onToggleIncluded, mayInclude, today],
  );

  const count = products?.length ?? 0;
  useEffect(() => onCount?.(count), [onCount, count]);

  return (
    <>
      <Bar>
        <Grow>
          <Field label="Search by code or description" type="search" inputMode="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </Grow>
      </Bar>
      <Muted role="status" aria-live="polite">
        {progress.complete
          ? `${progress.held.toLocaleString('en-AU')} products on this device`
          : progress.failed && progress.heldWhole
            ? `${progress.held.toLocaleString('en-AU')} products on this device: the whole catalogue, as of the last connection`
            : progress.failed
            ? `${progress.held.toLocaleString('en-AU')} products on this device; the rest could not be loaded (offline?)`
            : `Loading the catalogue onto this device: ${progress.held.toLocaleString('en-AU')} products so far…`}
      </Muted>
      <DataTable
        label="Products"
        rows={rows}
        columns={columns}
        rowKey={(item) => item.product.key}
        onActivate={(item) => onOpen(productFields(item).code)}
        loadMore={searching ? search.loadMore : loadMore}
        loadMoreAt={1}
        loading={searching ? search.loading : progress.loading}
        exhausted={searching ? search.exhausted : exhausted}
        height="min(70vh, 900px)"
      />
    </>
  );
}
