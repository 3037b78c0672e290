import { beforeEach, describe, expect, it, vi } from 'vitest';

const xlsx = vi.hoisted(() => ({
  utils: {
    aoa_to_sheet: vi.fn((data: unknown[][]) => ({ data }) as Record<string, unknown>),
    book_new: vi.fn(() => ({ sheets: [] as Array<{ sheet: unknown; name: string }> })),
    book_append_sheet: vi.fn((book: { sheets: unknown[] }, sheet: unknown, name: string) => {
      book.sheets.push({ sheet, name });
    }),
  },
  writeFile: vi.fn(),
}));
vi.mock('xlsx', () => xlsx);

import { exportCandidates, exportToXlsx } from '@/shared/lib/export-xlsx';

type Book = { sheets: Array<{ sheet: { data: unknown[][] }; name: string }> };
const written = () => {
  expect(xlsx.writeFile).toHaveBeenCalledTimes(1);
  const [book, fileName] = xlsx.writeFile.mock.calls[0] as [Book, string];
  return { book, fileName };
};

describe('exportToXlsx', () => {
  beforeEach(() => vi.clearAllMocks());

  it('writes a header row and one row per record, then downloads the file', async () => {
    await exportToXlsx({
      fileName: 'depenses',
      sheetName: 'Dépenses',
      columns: [
        { header: 'Libellé', value: (row: { name: string; amount: number }) => row.name },
        { header: 'Montant', value: (row) => row.amount },
      ],
      rows: [
        { name: 'Chaises', amount: 12500 },
        { name: 'Micro', amount: 40000 },
      ],
    });
    const { book, fileName } = written();
    expect(fileName).toBe('depenses.xlsx');
    expect(book.sheets[0].name).toBe('Dépenses');
    expect(book.sheets[0].sheet.data).toEqual([
      ['Libellé', 'Montant'],
      ['Chaises', 12500],
      ['Micro', 40000],
    ]);
  });

  it('cuts sheet names to the 31 characters Excel allows and keeps an .xlsx name', async () => {
    await exportToXlsx({
      fileName: 'rapport.xlsx',
      sheetName: 'Un nom de feuille bien trop long pour Excel',
      columns: [{ header: 'A', value: () => null }],
      rows: [{}],
    });
    const { book, fileName } = written();
    expect(fileName).toBe('rapport.xlsx');
    expect(book.sheets[0].name).toHaveLength(31);
    expect(book.sheets[0].sheet.data[1]).toEqual(['']);
  });
});

describe('exportCandidates', () => {
  beforeEach(() => vi.clearAllMocks());

  it("writes sheet 'Candidats' to a slugged file name, one column per field", async () => {
    await exportCandidates(
      [
        { nom: 'Koné', prenom: 'Awa' },
        { nom: 'Yao', prenom: 'Jean', telephone: '0700000000' },
      ],
      'Candidats Église Sainte-Thérèse',
    );
    const { book, fileName } = written();
    expect(fileName).toBe('candidats-eglise-sainte-therese.xlsx');
    expect(book.sheets.map((entry) => entry.name)).toEqual(['Candidats']);
    expect(book.sheets[0].sheet.data).toEqual([
      ['nom', 'prenom', 'telephone'],
      ['Koné', 'Awa', ''],
      ['Yao', 'Jean', '0700000000'],
    ]);
  });
});

describe('xlsx loading', () => {
  it('is never imported statically by the SPA', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.tsx?$/.test(name) &&
          /^\s*import\s[^;]*from\s+['"]xlsx['"]/m.test(readFileSync(path, 'utf8'))
        )
          offenders.push(path);
      }
    };
    walk(join(process.cwd(), 'src'));
    expect(offenders).toEqual([]);
  });
});
