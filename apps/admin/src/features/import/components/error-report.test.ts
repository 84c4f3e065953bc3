import { describe, expect, it } from 'vitest';
import { readPreview } from './csv-preview';
import { errorReportCsv } from './error-report';

describe('the error report', () => {
  it('quotes commas, quotes and line breaks, and keeps formulas from running', async () => {
    const text = await errorReportCsv([
      { row: 2, column: 'name', msg: 'please enter product name' },
      { row: 7, column: '=cmd', msg: 'Unknown column "=cmd"' },
      { row: 9, column: 'category', msg: 'No category named "Toys, big\nand small"' },
    ]);
    expect(text).toBe(
      'row,column,message\n' +
        '2,name,please enter product name\n' +
        `7,'=cmd,"Unknown column ""=cmd"""\n` +
        '9,category,"No category named ""Toys, big\nand small"""\n',
    );
  });
});

describe('the preview of a file', () => {
  it('reads the first ten rows of a long file, leaving out a row the cut may have split', async () => {
    const line = (n: number) => `p${n},Item ${n},${'x'.repeat(2000)}\n`;
    const text = `id,name,description\n${Array.from({ length: 300 }, (_, n) => line(n)).join('')}`;
    const preview = await readPreview(new Blob([text]));
    expect(preview.columns).toEqual(['id', 'name', 'description']);
    expect(preview.rows.map((row) => row[0])).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
    expect(preview.more).toBe(true);
  });

  it('says a file is not CSV in the import’s words, and that a file without a header is empty', async () => {
    await expect(readPreview(new Blob(['id,name\n1,"unclosed']))).rejects.toThrow(/^The file is not valid CSV: /);
    await expect(readPreview(new Blob(['']))).rejects.toThrow('The file has no header row');
  });
});
