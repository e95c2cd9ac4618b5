import { useState, type FormEvent } from 'react';
import { formatDateOnly } from '../../../domain/dates';
import { receivingMessages as m } from '../../../domain/receiving-messages';
import { reasonsFor, validateAsnReceipt } from '../../../domain/rules/asn-receipts';
import type { AsnReceiptInput, ReceiptReason } from '../../../domain/schemas/asn-receipts';
import { useFormCommand } from '../../../local/hooks/use-form-command';
import { useOrder } from '../../../local/hooks/use-orders';
import { receiveAsn } from '../../../local/mutations/receive-asn';
import { errorToastTextOf } from '../../../local/online/server-answers';
import type { ServerAsnRow } from '../../../local/db/store-rows';
import { Button } from '../../../ui/button/Button';
import { FormErrors } from '../../../ui/form-errors';
import { Facts } from '../../../ui/page';
import { useSnackbar } from '../../../ui/snackbar/use-snackbar';
import { AsnReceiptSummary } from '../asn-receipt-summary';
import { LinesTable, PackageList, StickyActions } from './receive-screen.styles';

interface ReceiptFormProps {
  asn: ServerAsnRow;
  scope: string;
  buyerId: string;
  /** The package label that found this shipment, marked in its package list. */
  scannedSscc: string | null;
  onBack: () => void;
}

interface LineValue {
  quantity: string;
  reason: ReceiptReason | '';
}

/** What the form starts from: what was received before, else all that was shipped. */
function initialValues(asn: ServerAsnRow): Map<number, LineValue> {
  const receipts = new Map((asn.receipts ?? []).map((r) => [r.number, r]));
  return new Map(
    asn.lines.map((l) => {
      const r = receipts.get(l.number);
      return [l.number, { quantity: String(r ? r.quantity : l.quantity), reason: r?.reason ?? '' }];
    }),
  );
}

const NOT_A_NUMBER = (line: number) => `Line ${line}: enter the quantity received as a number`;

/**
 * One shipment at the dock: its packages and lines, each line received in full unless
 * the user says otherwise (short or damaged, or over what was shipped, with the reason).
 * Confirming stores the receipt on this device at once and sends it through the outbox;
 * a refusal comes back into this form.
 */
export function ReceiptForm({ asn, scope, buyerId, scannedSscc, onBack }: ReceiptFormProps) {
  const { notify } = useSnackbar();
  const [values, setValues] = useState(() => initialValues(asn));
  const [errors, setErrors] = useState<string[]>([]);
  const { data } = useOrder(scope, String(asn.orderId));
  const orderLines = new Map((data?.lines ?? []).map((l) => [l.number, l]));
  const command = useFormCommand({
    onSent: () => notify({ variant: 'success', message: m.sent }),
    onRefused: setErrors,
  });
  const received = (asn.receipts ?? []).length > 0;

  const set = (line: number, change: Partial<LineValue>) => {
    setErrors([]);
    setValues((current) => new Map(current).set(line, { ...current.get(line)!, ...change }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (command.waiting) return;
    const bad = asn.lines.filter((l) => values.get(l.number)!.quantity.trim() === '' || !Number.isFinite(Number(values.get(l.number)!.quantity)));
    if (bad.length > 0) return setErrors(bad.map((l) => NOT_A_NUMBER(l.number)));
    const input: AsnReceiptInput = {
      lines: asn.lines.map((l) => {
        const value = values.get(l.number)!;
        const quantity = Number(value.quantity);
        // A reason chosen for another quantity (short, then typed over) is not sent: the check asks again.
        return { number: l.number, quantity, reason: value.reason && reasonsFor(quantity, l.quantity).includes(value.reason) ? value.reason : null };
      }),
    };
    const issues = validateAsnReceipt(input, asn.lines);
    if (issues.length > 0) return setErrors(issues);
    try {
      if ((await command.send(receiveAsn(buyerId, asn.key, asn.shipmentId, input))) === 'queued') notify({ variant: 'success', message: m.queued });
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  const packages = asn.packages ?? [];
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby="receive-shipment-title" noValidate>
      <h2 id="receive-shipment-title">Shipment {asn.shipmentId}</h2>
      <Facts>
        <div>
          <dt>Order Number</dt>
          <dd>{asn.orderNumber}</dd>
        </div>
        <div>
          <dt>Shipped Date</dt>
          <dd>{formatDateOnly(asn.shipmentDate)}</dd>
        </div>
        <div>
          <dt>Expected Delivery Date</dt>
          <dd>{formatDateOnly(asn.deliveryDate)}</dd>
        </div>
        <div>
          <dt>Carrier</dt>
          <dd>{asn.carrierName}</dd>
        </div>
      </Facts>
      {packages.length > 0 && (
        <PackageList aria-label={m.packagesTitle}>
          {packages.map((p, i) => (
            <li key={i} data-scanned={(p.sscc !== null && p.sscc === scannedSscc) || undefined}>
              {`${p.kind === 'pallet' ? 'Pallet' : 'Carton'} ${i + 1}: ${p.sscc ?? 'no SSCC'}${p.sscc !== null && p.sscc === scannedSscc ? ` (${m.scannedPackage})` : ''}`}
            </li>
          ))}
        </PackageList>
      )}
      <LinesTable>
        <caption style={{ textAlign: 'left' }}>Lines of shipment {asn.shipmentId}</caption>
        <thead>
          <tr>
            <th className="number">Line</th>
            <th>Product</th>
            <th className="number">{m.shippedColumn}</th>
            <th className="number">{m.receivedColumn}</th>
            <th>{m.reasonColumn}</th>
          </tr>
        </thead>
        <tbody>
          {asn.lines.map((l) => {
            const value = values.get(l.number)!;
            const typed = value.quantity.trim() === '' ? Number.NaN : Number(value.quantity);
            // Short or damaged below what was shipped, over above it: the reason the quantity calls for.
            const reasons = Number.isFinite(typed) ? reasonsFor(typed, l.quantity) : [];
            const differs = reasons.length > 0;
            const reason = value.reason && reasons.includes(value.reason) ? value.reason : '';
            const product = orderLines.get(l.number);
            return (
              <tr key={l.number}>
                <td className="number">{l.number}</td>
                <td>
                  {String(product?.supplierProductCode ?? '')}
                  <span className="wide"> {String(product?.description ?? '')}</span>
                </td>
                <td className="number">
                  {l.quantity} {l.uom}
                </td>
                <td className="number">
                  <input
                    aria-label={`Received of line ${l.number}`}
                    inputMode="decimal"
                    value={value.quantity}
                    onChange={(event) => set(l.number, { quantity: event.target.value })}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Reason of line ${l.number}`}
                    value={reason}
                    disabled={!differs}
                    aria-invalid={differs && !reason ? true : undefined}
                    onChange={(event) => set(l.number, { reason: event.target.value as ReceiptReason | '' })}
                  >
                    <option value="">{differs ? m.noReason : '—'}</option>
                    {reasons.map((r) => (
                      <option key={r} value={r}>
                        {m.reasonLabels[r]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </LinesTable>
      <AsnReceiptSummary asn={asn} />
      <FormErrors errors={errors} label="Receipt not saved" />
      <StickyActions>
        <Button type="submit" disabled={command.waiting}>
          {command.waiting ? 'Saving…' : received ? m.confirmCorrection : m.confirm}
        </Button>
        <Button variant="outlined" onClick={onBack}>
          {m.back}
        </Button>
      </StickyActions>
    </form>
  );
}
