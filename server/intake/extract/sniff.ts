/** What a file's bytes say it is, whatever its name and MIME type claim. */
export type SniffedKind = 'pdf' | 'xml' | 'zip' | 'image' | 'html' | 'eicar' | 'empty' | 'other';

const EICAR = 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE';

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

function asciiHead(bytes: Uint8Array, length: number): string {
  let text = '';
  for (let i = 0; i < Math.min(length, bytes.length); i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

export function sniffBytes(bytes: Uint8Array): SniffedKind {
  if (bytes.length === 0) return 'empty';
  // The anti-virus test file is 68 bytes, possibly padded; it is never opened.
  if (bytes.length <= 128 && asciiHead(bytes, 128).includes(EICAR)) return 'eicar';
  // PDF readers accept the header anywhere in the first kilobyte.
  if (asciiHead(bytes, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) ||
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])
  )
    return 'image';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'xml';
  const head = asciiHead(bytes, 512)
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  if (head.startsWith('<')) return 'xml';
  return 'other';
}
