import { formatSscc } from './gs1/sscc';

const qty = (n: number) => n.toFixed(2);

/**
 * What the scan view says. Kept apart from messages.ts so the scanner's words load with
 * the scanner only (the sign-in page loads messages.ts whole).
 */
export const scanMessages = {
  title: 'Scan',
  scan: 'Scan',
  resumeScan: 'Resume scan',
  cameraStarting: 'Starting the camera…',
  cameraDenied: 'The camera may not be used: allow it in the browser settings, or type or scan with a hardware scanner below.',
  cameraMissing: 'No camera was found: type or scan with a hardware scanner below.',
  cameraFailed: (reason: string) => `The camera could not start (${reason}): type or scan with a hardware scanner below.`,
  readerFailed: 'The barcode reader could not load: type or scan with a hardware scanner below.',
  pointCamera: 'Point the camera at a barcode.',
  wedgeLabel: 'Barcode (hardware scanner or typed, then Enter)',
  counted: (line: number, code: string, quantity: number, uom: string, left: number) =>
    `Line ${line} (${code}): ${qty(quantity)} ${uom} packed, ${qty(left)} left to ship`,
  unknownBarcode: (code: string) => `Barcode ${code} is of no line on this order`,
  otherUom: (code: string, uom: string) => `Barcode ${code} is the ${uom} of a product on this order, but no line ships ${uom}`,
  invalidBarcode: (code: string, reason: string) => `Barcode ${code} could not be read: ${reason}`,
  packageScanned: (sscc: string) => `${formatSscc(sscc)} is a package label, not a product`,
  overTitle: 'More than left to ship',
  overQuestion: (line: number, code: string, next: number, left: number, uom: string) =>
    `Line ${line} (${code}) would have ${qty(next)} ${uom}, more than the ${qty(left)} left to ship. Count it anyway?`,
  overAccept: 'Count it',
  overRefuse: 'Do not count',
  notOnDevice: (count: number) =>
    `${count === 1 ? '1 product' : `${count} products`} of this order ${count === 1 ? 'is' : 'are'} not in this device's catalogue yet: their barcodes are not known until the catalogue has been opened online.`,
  startHint: 'Scanning counts what is packed: the lines start from zero. Done keeps the counts (a line with nothing counted leaves the ASN); Cancel scan brings the typed quantities back.',
  done: 'Done',
  cancelScan: 'Cancel scan',
  close: 'Close',
  packagesTitle: 'Packages',
  printLabels: 'Print labels',
  newPackage: 'New package',
  packageKind: 'Package type',
  carton: 'Carton',
  pallet: 'Pallet',
  noPackage: 'No package is open: scans count on the lines only. New package starts one; later scans go into it.',
  packageLine: (n: number, of: number, kind: 'carton' | 'pallet', sscc: string | null, units: number, open: boolean) =>
    `Package ${n} of ${of}: ${kind}${sscc ? `, ${formatSscc(sscc)}` : ', no SSCC'}, ${units} ${units === 1 ? 'unit' : 'units'}${open ? ' (open)' : ''}`,
  noSsccLeft: 'Packages get no SSCC: this device has none left. Connect to the network, then start a new package.',
  noCompanyPrefix:
    'Packages get no SSCC: your account has no GS1 company prefix (property GS1_COMPANY_PREFIX). Ask your administrator to add it; you can still pack and ship without SSCC labels.',
  badCompanyPrefix: (prefix: string) => `Packages get no SSCC: the GS1 company prefix "${prefix}" is not 4 to 12 digits.`,
  serialsExhausted: (prefix: string) => `Packages get no SSCC: every serial reference of the GS1 company prefix ${prefix} has been used.`,
  torchOn: 'Torch on',
  torchOff: 'Torch off',
} as const;
