import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-made zips for the sandbox's tests: real XLSX parts around a sheet we write as XML,
 * and zip bombs (parts that unpack to a GiB from a MiB) built without ever holding the
 * unpacked bytes, so no multi-MB fixture is committed.
 */
export interface ZipPart {
  name: string;
  /** Deflated bytes (raw deflate). */
  deflated: Buffer;
  /** What the central directory declares; a lying zip declares less than there is. */
  size: number;
  crc: number;
}

export function part(name: string, content: string | Buffer): ZipPart {
  const bytes = Buffer.from(content);
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** A part of `size` zero bytes, deflated a MiB at a time into one stream (about 1 KiB packed per MiB). */
export function zeros(name: string, size: number): ZipPart {
  const mib = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(mib, { finishFlush: constants.Z_FULL_FLUSH });
  const blocks: Buffer[] = [];
  let crc = 0;
  for (let left = size; left > 0; left -= mib.length) {
    const n = Math.min(left, mib.length);
    blocks.push(n === mib.length ? block : deflateRawSync(mib.subarray(0, n), { finishFlush: constants.Z_FULL_FLUSH }));
    crc = crc32(mib.subarray(0, n), crc);
  }
  blocks.push(deflateRawSync(Buffer.alloc(0)));
  return { name, deflated: Buffer.concat(blocks), size, crc };
}

export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A sheet's XML from rows of [cell reference, text] pairs, every value an inline string. */
export function sheetXml(rows: Array<Array<[string, string]>>): string {
  const body = rows
    .map((cells, i) => `<row r="${i + 1}">${cells.map(([ref, text]) => `<c r="${ref}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`).join('')}</row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** The parts every XLSX has, around the given first sheet, plus any others. */
export function xlsxParts(sheet: ZipPart | string, extra: ZipPart[] = []): ZipPart[] {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    typeof sheet === 'string' ? part('xl/worksheets/sheet1.xml', sheet) : sheet,
    ...extra,
  ];
}
