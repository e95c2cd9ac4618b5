import { describe, expect, it } from 'vitest';
import { col, csvLine, tableRecords } from '../../server/jobs/catalogue/csv';
import { readCsvRows } from '../../server/sandbox/readers/csv-rows';

describe('CSV we write', () => {
  it('never starts a text cell with a formula character', () => {
    expect(csvLine(['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'plain'])).toBe(`'=1+2,'+SUM(A1),'-2+3,'@cmd,'\tx,plain\r\n`);
  });

  it('writes numbers, also negative ones given as text, as they are', () => {
    expect(csvLine([-5, '-5.25', '+3', 0, null])).toBe('-5,-5.25,+3,0,\r\n');
  });

  it('quotes a value with a delimiter, a quote, a line break or edge spaces, so it stays one cell', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', ' padded', 'x'])).toBe('"a,b","say ""hi""","two\nlines"," padded",x\r\n');
  });

  it('reads a guarded cell back as the value it guarded', async () => {
    const bytes = Buffer.from(csvLine(['Product Code', 'Included']) + csvLine(['=1+2', 'Y']));
    const [record] = await tableRecords(readCsvRows(bytes), ['Product Code']);
    expect(col(record!, 'Product Code')).toBe('=1+2');
  });
});
