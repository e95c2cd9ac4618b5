/** A PDF written object by object, with a correct cross-reference table: how the hostile test files are made. */
function pdfOf(objects: string[]): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const stream = (dict: string, content: string) => `<< ${dict} /Length ${content.length} >>\nstream\n${content}\nendstream`;

/** `pages` real pages, each with one line of text. */
export function manyPagesPdf(pages: number): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let p = 0; p < pages; p++) {
    const page = objects.length + 1;
    kids.push(`${page} 0 R`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`);
    objects.push(stream('', `BT /F1 12 Tf 72 700 Td (Page ${p + 1}) Tj ET`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return pdfOf(objects);
}

/**
 * A page that draws a form that draws the next form ten times, `depth` levels down, the
 * last one showing text: 10^depth text runs from a file of a few kilobytes, the PDF
 * cousin of the billion laughs. Reading its text never ends and fills memory.
 */
export function nestedFormsBombPdf(depth: number): Uint8Array {
  const firstForm = 5;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X ${firstForm} 0 R >> >> /Contents 4 0 R >>`,
    stream('', '/X Do'),
  ];
  for (let level = 0; level < depth; level++) {
    const last = level === depth - 1;
    const resources = last ? '<< /Font << /F1 ' + (firstForm + depth) + ' 0 R >> >>' : `<< /XObject << /X ${firstForm + level + 1} 0 R >> >>`;
    const content = last ? 'BT /F1 12 Tf 72 700 Td (laugh) Tj ET' : Array(10).fill('/X Do').join(' ');
    objects.push(stream(`/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${resources}`, content));
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  return pdfOf(objects);
}
