import { useId, useState } from 'react';
import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import type { OrderLineRow } from '../../sync/rows';
import { Button } from '../../ui/button/Button';
import type { AsnBody } from './asn-draft-model';
import { lineFieldId } from './asn-field-errors';
import { CellError, CellInput } from './asn-form.styles';
import { Table, TableScroll } from './data-table.styles';

type AsnLine = AsnBody['lines'][number];

interface AsnLinesTableProps {
  lines: AsnLine[];
  orderLines: readonly OrderLineRow[];
  /** Order line number -> quantity left to ship before this ASN; absent for a submitted ASN. */
  remaining: ReadonlyMap<number, number> | null;
  readOnly: boolean;
  errorOf: (field: string) => string | undefined;
  onChange: (lines: AsnLine[]) => void;
}

/** Quantities are shown and entered with two decimals (spec section 5). */
const twoDecimals = (q: number) => (Number.isFinite(q) ? q.toFixed(2) : '');

function QuantityInput({ line, readOnly, error, onQuantity }: { line: AsnLine; readOnly: boolean; error?: string; onQuantity: (q: number) => void }) {
  // The text as typed ("1.", "") stays on screen; the draft keeps the number it means.
  const [text, setText] = useState<string | null>(null);
  const errorId = useId();
  return (
    <>
      <CellInput
        aria-label={`Quantity of line ${line.number}`}
        inputMode="decimal"
        value={text ?? twoDecimals(line.quantity)}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const next = event.target.value.replace(',', '.');
          setText(next);
          const value = next.trim() === '' ? 0 : Number(next);
          if (Number.isFinite(value)) onQuantity(value);
        }}
        onBlur={() => setText(null)}
      />
      {error && <CellError id={errorId}>{error}</CellError>}
    </>
  );
}

function UomInput({ line, readOnly, error, onUom }: { line: AsnLine; readOnly: boolean; error?: string; onUom: (uom: string) => void }) {
  const errorId = useId();
  return (
    <>
      <CellInput
        aria-label={`UOM of line ${line.number}`}
        value={line.uom}
        maxLength={ASN_FIELD_LENGTHS.uom}
        readOnly={readOnly}
        style={{ textAlign: 'left' }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onUom(event.target.value)}
      />
      {error && <CellError id={errorId}>{error}</CellError>}
    </>
  );
}

export function AsnLinesTable({ lines, orderLines, remaining, readOnly, errorOf, onChange }: AsnLinesTableProps) {
  const byNumber = new Map(orderLines.map((l) => [Number(l.number), l]));
  const update = (index: number, patch: Partial<AsnLine>) => onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  return (
    <TableScroll $maxHeight="45vh">
      <Table aria-label="ASN lines" style={{ minWidth: 640 }}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Product Code</th>
            <th scope="col">Description</th>
            {remaining && (
              <th scope="col" className="number">
                Left to ship
              </th>
            )}
            <th scope="col" className="number">
              Quantity
            </th>
            <th scope="col">UOM</th>
            {!readOnly && <th scope="col">Remove</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const orderLine = byNumber.get(line.number);
            return (
              <tr key={line.number}>
                <td>{line.number}</td>
                <td>{String(orderLine?.supplierProductCode ?? '')}</td>
                <td>{String(orderLine?.description ?? '')}</td>
                {remaining && <td className="number">{twoDecimals(remaining.get(line.number) ?? 0)}</td>}
                <td className="number">
                  <QuantityInput
                    line={line}
                    readOnly={readOnly}
                    error={errorOf(lineFieldId(line.number, 'quantity'))}
                    onQuantity={(quantity) => update(index, { quantity })}
                  />
                </td>
                <td>
                  <UomInput line={line} readOnly={readOnly} error={errorOf(lineFieldId(line.number, 'uom'))} onUom={(uom) => update(index, { uom })} />
                </td>
                {!readOnly && (
                  <td>
                    <Button variant="text" aria-label={`Remove line ${line.number}`} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
