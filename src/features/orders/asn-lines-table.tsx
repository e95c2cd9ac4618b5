import { useState } from 'react';
import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import type { OrderLineRow } from '../../local/db/store-rows';
import { IconButton } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import { DeleteIcon } from '../../ui/icons/action-icons';
import type { AsnBody } from './asn-draft-model';
import { lineFieldId } from './asn-field-errors';
import { CellError, CellInput, QuantityCellInput } from './asn-form.styles';

type AsnLine = AsnBody['lines'][number];

interface AsnLinesTableProps {
  lines: AsnLine[];
  orderLines: readonly OrderLineRow[];
  /** Order line number -> quantity left to ship before this ASN; absent for a submitted ASN. */
  remaining: ReadonlyMap<number, number> | null;
  readOnly: boolean;
  errorOf: (field: string) => string | undefined;
  /** The id of a line's input, from its rule field id (an error summary links to it). */
  idOf: (field: string) => string;
  onChange: (lines: AsnLine[]) => void;
}

/** Where a line's error is shown: under its description, the line's widest cell, not in the narrow input's. */
const errorIdOf = (inputId: string) => `${inputId}-error`;

/** Quantities are shown and entered with two decimals (spec section 5). */
const twoDecimals = (q: number) => (Number.isFinite(q) ? q.toFixed(2) : '');
const TWO_DECIMALS = /^\s*\d*(\.\d{0,2})?\s*$/;

interface LineInputProps {
  line: AsnLine;
  id: string;
  readOnly: boolean;
  error?: string;
}

function QuantityInput({ line, id, readOnly, error, onQuantity }: LineInputProps & { onQuantity: (q: number) => void }) {
  // The text as typed ("1.", "") stays on screen; the draft keeps the number it means.
  const [text, setText] = useState<string | null>(null);
  return (
    <QuantityCellInput
      id={id}
      aria-label={`Quantity of line ${line.number}`}
      inputMode="decimal"
      value={text ?? twoDecimals(line.quantity)}
      readOnly={readOnly}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorIdOf(id) : undefined}
      onChange={(event) => {
        const typed = event.target.value.replace(',', '.');
        // At most two decimals can be typed, so the number kept is the one on screen.
        const next = TWO_DECIMALS.test(typed) ? typed : typed.replace(/^(\d*\.\d{2})\d+$/, '$1');
        if (!TWO_DECIMALS.test(next)) return;
        setText(next);
        onQuantity(next.trim() === '' || next === '.' ? 0 : Number(next));
      }}
      onBlur={() => setText(null)}
    />
  );
}

function UomInput({ line, id, readOnly, error, onUom }: LineInputProps & { onUom: (uom: string) => void }) {
  return (
    <CellInput
      id={id}
      aria-label={`UOM of line ${line.number}`}
      value={line.uom}
      maxLength={ASN_FIELD_LENGTHS.uom}
      readOnly={readOnly}
      style={{ textAlign: 'left' }}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorIdOf(id) : undefined}
      onChange={(event) => onUom(event.target.value)}
    />
  );
}

export function AsnLinesTable({ lines, orderLines, remaining, readOnly, errorOf, idOf, onChange }: AsnLinesTableProps) {
  const byNumber = new Map(orderLines.map((l) => [Number(l.number), l]));
  const update = (number: number, patch: Partial<AsnLine>) => onChange(lines.map((l) => (l.number === number ? { ...l, ...patch } : l)));
  // Code, Description and Quantity are what a warehouse user scans and types into: they keep
  // their columns on a tablet's drawer; UOM and 'Left to ship' stack under the description there.
  const columns: Column<AsnLine>[] = [
    { id: 'number', header: '#', minWidth: 28, kind: 'number', cell: (line) => line.number },
    { id: 'code', header: 'Product Code', minWidth: 96, kind: 'code', cell: (line) => String(byNumber.get(line.number)?.supplierProductCode ?? '') },
    {
      id: 'description',
      header: 'Description',
      minWidth: 150,
      cell: (line) => (
        <>
          {String(byNumber.get(line.number)?.description ?? '')}
          {(['quantity', 'uom'] as const).map((part) => {
            const field = lineFieldId(line.number, part);
            const error = errorOf(field);
            return error && <CellError key={part} id={errorIdOf(idOf(field))}>{error}</CellError>;
          })}
        </>
      ),
    },
    ...(remaining
      ? [{ id: 'left', header: 'Left to ship', minWidth: 96, align: 'end' as const, priority: 3 as const, cell: (line: AsnLine) => twoDecimals(remaining.get(line.number) ?? 0) }]
      : []),
    {
      id: 'quantity',
      header: 'Quantity',
      minWidth: 100,
      align: 'end',
      kind: 'control',
      cell: (line) => (
        <QuantityInput
          line={line}
          id={idOf(lineFieldId(line.number, 'quantity'))}
          readOnly={readOnly}
          error={errorOf(lineFieldId(line.number, 'quantity'))}
          onQuantity={(quantity) => update(line.number, { quantity })}
        />
      ),
    },
    {
      id: 'uom',
      header: 'UOM',
      minWidth: 96,
      priority: 2,
      kind: 'control',
      cell: (line) => (
        <UomInput line={line} id={idOf(lineFieldId(line.number, 'uom'))} readOnly={readOnly} error={errorOf(lineFieldId(line.number, 'uom'))} onUom={(uom) => update(line.number, { uom })} />
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            id: 'remove',
            header: 'Remove',
            minWidth: 64,
            kind: 'control' as const,
            cell: (line: AsnLine) => (
              <IconButton aria-label={`Remove line ${line.number}`} title="Remove" onClick={() => onChange(lines.filter((l) => l.number !== line.number))}>
                <DeleteIcon />
              </IconButton>
            ),
          },
        ]),
  ];
  return <SimpleTable label="ASN lines" rows={lines} columns={columns} rowKey={(line) => String(line.number)} maxHeight="45vh" />;
}
