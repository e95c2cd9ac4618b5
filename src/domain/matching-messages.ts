import { formatMoney } from './money';

const qty = (n: number) => String(Math.round(n * 1000) / 1000);
const line = (sequence: number, code: string | null) => `Line ${sequence}${code ? ` (${code})` : ''}`;

/**
 * The validation errors of invoice matching, spelled for an accounts-payable clerk: each
 * names what was compared with what, so the invoice can be fixed or queried without
 * opening the order.
 */
export const matchingMessages = {
  supplierNotIdentified: (sender: string) => `Supplier not identified: no supplier matches the document's party ids or the sender ${sender}`,
  duplicate: (number: string, supplier: string, receivedOn: string) =>
    `Duplicate: invoice ${number} from ${supplier} was already received on ${receivedOn}`,
  creditNoteWithoutReference: (number: string) => `Credit note ${number} does not name the invoice it credits`,

  noPoNumber: 'No PO number on the invoice',
  poNotFound: (po: string) => `PO ${po} not found`,
  poOfOtherSupplier: (po: string) => `PO ${po} is an order to another supplier`,
  poOfOtherBuyer: (po: string) => `PO ${po} is an order of another buyer`,
  currencyDiffers: (invoiced: string, ordered: string, po: string) => `Currency ${invoiced} is not ${ordered}, the currency of order ${po}`,
  totalAboveOrder: (total: number, left: number, po: string, orderTotal: number, before: number, percent: number) =>
    `Total ${formatMoney(total)} is above the ${formatMoney(left)} left of order ${po} (order ${formatMoney(orderTotal)}, invoiced before ${formatMoney(before)}) by more than ${percent} %`,
  issueDateInFuture: (date: string) => `Issue date ${date} is in the future`,

  lineArithmetic: (sequence: number, code: string | null, quantity: number, price: number, discount: number, net: number) =>
    `PEPPOL-EN16931-R120: ${line(sequence, code)}: ${qty(quantity)} x ${formatMoney(price)} - ${formatMoney(discount)} is ${formatMoney(quantity * price - discount)}, not the line's net ${formatMoney(net)}`,
  notOnOrder: (sequence: number, code: string | null, po: string) =>
    code ? `${line(sequence, code)}: product ${code} is not on order ${po}` : `${line(sequence, code)}: no product code to find on order ${po}`,
  uomDiffers: (sequence: number, code: string | null, invoiced: string, ordered: string) =>
    `${line(sequence, code)}: unit ${invoiced} is not ${ordered}, the unit ordered`,
  priceDiffersFromOrder: (sequence: number, code: string | null, invoiced: number, ordered: number) =>
    `${line(sequence, code)}: unit price ${formatMoney(invoiced)} is not ${formatMoney(ordered)}, the price ordered, within tolerance`,
  priceDiffersFromContract: (sequence: number, code: string | null, invoiced: number, contract: number) =>
    `${line(sequence, code)}: unit price ${formatMoney(invoiced)} is not ${formatMoney(contract)}, the contract price, within tolerance`,
  quantityAboveOrdered: (sequence: number, code: string | null, invoiced: number, ordered: number, before: number) =>
    `${line(sequence, code)}: quantity ${qty(invoiced)} is above the ${qty(Math.max(ordered - before, 0))} left to invoice (ordered ${qty(ordered)}, invoiced before ${qty(before)})`,
  quantityAboveShipped: (sequence: number, code: string | null, invoiced: number, shipped: number, before: number) =>
    `${line(sequence, code)}: quantity ${qty(invoiced)} is above the ${qty(Math.max(shipped - before, 0))} shipped and not yet invoiced (shipped ${qty(shipped)}, invoiced before ${qty(before)})`,
  quantityAboveReceived: (sequence: number, code: string | null, invoiced: number, received: number, before: number) =>
    `${line(sequence, code)}: quantity ${qty(invoiced)} is above the ${qty(Math.max(received - before, 0))} received and not yet invoiced (received ${qty(received)}, invoiced before ${qty(before)})`,
  creditAboveInvoiced: (sequence: number, code: string | null, credited: number, invoiced: number) =>
    `${line(sequence, code)}: credits ${qty(credited)}, more than the ${qty(invoiced)} invoiced`,

  settingsSaved: 'Invoice matching saved: invoices are being matched again.',
  notANumber: (label: string) => `${label} must be a number`,

  exportNeedsConfirmation: (n: number) => `This invoice has ${n} exception${n === 1 ? '' : 's'}: confirm to export it anyway`,
  exportConfirmTitle: 'Export with exceptions?',
  exportConfirmMessage: (n: number) =>
    `This invoice has ${n} validation error${n === 1 ? '' : 's'}. Export it anyway? The export and your confirmation are written to its history.`,
  exportedWithExceptions: (n: number) => ` with ${n} exception${n === 1 ? '' : 's'}, confirmed`,

  /** What a matching run changed, for the invoice's history. */
  exceptionsResolved: (n: number, level: string) => `${n} ${level} exception${n === 1 ? '' : 's'} resolved`,
  exceptionsRaised: (n: number, level: string) => `${n} new ${level} exception${n === 1 ? '' : 's'}`,
  /** A run that found what the last one found (a correction's run still says so). */
  exceptionsUnchanged: (outcome: string) => `No exceptions changed; ${outcome}`,

  /** A clerk's correction of a misread field, for the invoice's history and the form. */
  fieldCorrected: (field: string, from: string, to: string, user: string) => `${field} corrected from ${from} to ${to} by ${user}`,
  /** The entry's action, short enough for the history drawer's Action column (spec: date, action, by whom). */
  fieldCorrectedAction: (field: string) => `${field} corrected`,
  lineField: (sequence: number, code: string | null, field: string) => `${line(sequence, code)} ${field}`,
  noValue: '(none)',
  correctExported: 'An exported invoice cannot be corrected',
  correctWithoutDocument: 'Nothing was extracted from this document, so there is nothing to correct',
  lineNotOnInvoice: (id: number) => `Line ${id} is not on this invoice`,
  nothingCorrected: 'Change a field to correct it',
  correctionMoreThanZero: (field: string) => `${field} must be more than 0`,
  correctionNotNegative: (field: string) => `${field} must be 0 or more`,
  correctionInvalidDate: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  extractedValue: (value: string) => `Extracted: ${value}`,
  invoiceCorrected: 'Invoice corrected and matched again',
  correctionQueued: 'Correction saved on this device: it is sent, and the invoice matched again, once online',
} as const;
