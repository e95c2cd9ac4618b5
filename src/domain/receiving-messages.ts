import { formatDateOnly } from './dates';
import type { ReceiptReason } from './schemas/asn-receipts';

const qty = (n: number) => String(Math.round(n * 100) / 100);
const REASONS: Record<ReceiptReason, string> = { SHORT: 'short', DAMAGED: 'damaged', OVER: 'over' };
const because = (reason: ReceiptReason | null) => (reason ? ` (${REASONS[reason]})` : '');

/**
 * What receiving says: the Receive screen, the receipt's refusals, and the history
 * entries. Kept apart from messages.ts so these words load with the Receive screen only
 * (the sign-in page loads messages.ts whole).
 */
export const receivingMessages = {
  title: 'Receive',
  receive: 'Receive',
  reasonLabels: { SHORT: 'Short', DAMAGED: 'Damaged', OVER: 'Over' } as Record<ReceiptReason, string>,
  notOnAsn: (line: number) => `Line ${line} is not on this ASN`,
  repeatedLine: (line: number) => `Line ${line} is received twice`,
  lineMissing: (line: number) => `Line ${line} of the ASN is missing from the receipt`,
  negative: (line: number) => `Line ${line}: the quantity received cannot be negative`,
  aboveLimit: (line: number, received: number, shipped: number, factor: number) =>
    `Line ${line}: ${qty(received)} received is more than ${factor} times the ${qty(shipped)} this ASN ships (at most ${qty(shipped * factor)}): check the quantity`,
  reasonNeeded: (line: number) => `Line ${line}: less than shipped was received: say why (short or damaged)`,
  overReasonNeeded: (line: number) => `Line ${line}: more than shipped was received: choose 'Over' to record it`,
  notSubmitted: 'Only a submitted ASN can be received',
  /** 'Received 12 of 12 on 2026-12-03 by Jane Doe', one line of an ASN. */
  receivedLine: (received: number, shipped: number, uom: string, at: string, by: string, reason: ReceiptReason | null) =>
    `Received ${qty(received)} of ${qty(shipped)}${uom ? ` ${uom}` : ''}${because(reason)} on ${formatDateOnly(at)} by ${by}`,
  historyAction: 'Received',
  historyDescription: (shipmentId: string, lines: ReadonlyArray<{ number: number; received: number; shipped: number; reason: ReceiptReason | null }>, at: string, by: string) =>
    `ASN ${shipmentId}: ${lines.map((l) => `line ${l.number} received ${qty(l.received)} of ${qty(l.shipped)}${because(l.reason)}`).join('; ')} on ${formatDateOnly(at)} by ${by}`,
  corrected: 'Receipt corrected',
  scanLabel: 'Package label, product barcode or PO# (hardware scanner or typed, then Enter)',
  scanWithCamera: 'Scan with camera',
  cameraHint: 'Point the camera at a package label (SSCC) or a product barcode.',
  toReceiveTitle: 'Shipments on this device',
  toReceiveEmpty: 'No submitted ASN is saved on this device. Open Orders online once so the shipments to receive are kept here.',
  loading: 'Loading shipments…',
  filterLabel: 'PO#',
  noMatch: (code: string) => `No shipment on this device matches ${code}`,
  packageFound: (sscc: string, shipmentId: string) => `Package ${sscc} belongs to shipment ${shipmentId}`,
  productFound: (code: string, count: number) => `${code} is on ${count === 1 ? '1 shipment' : `${count} shipments`}: choose one`,
  productOnOne: (code: string, shipmentId: string) => `${code} is on shipment ${shipmentId}`,
  notReceived: 'Not received yet',
  partlyReceived: 'Received with differences',
  fullyReceived: 'Received',
  waitingToSend: 'Receipt waiting to be sent',
  confirm: 'Confirm receipt',
  confirmCorrection: 'Correct receipt',
  back: 'Other shipments',
  sent: 'Receipt saved',
  queued: 'Receipt saved on this device: it is sent when the connection is back',
  receivedColumn: 'Received',
  shippedColumn: 'Shipped',
  reasonColumn: 'Reason',
  noReason: 'Choose a reason',
  packagesTitle: 'Packages',
  scannedPackage: 'scanned',
  receiptTitle: 'Receipt',
  close: 'Close',
  buyersOnly: 'Receiving is done by the buyer: open this screen as a university user.',
  unreadable: (code: string, reason: string) => `${code} could not be read: ${reason}`,
  offlineNote: 'The server could not be reached: these are the shipments saved on this device.',
  showAll: 'Show all shipments',
  deliveryOn: (date: string) => (date ? `delivery ${date}` : 'no delivery date'),
} as const;
