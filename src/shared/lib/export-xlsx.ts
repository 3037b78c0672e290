import { slugify } from './slug';

export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxColumn<Row> = { header: string; value: (row: Row) => XlsxCell };

export type ExportToXlsxOptions<Row> = {
  /** with or without the '.xlsx' extension */
  fileName: string;
  sheetName: string;
  columns: XlsxColumn<Row>[];
  rows: readonly Row[];
};

const withExtension = (name: string) => (name.toLowerCase().endsWith('.xlsx') ? name : `${name}.xlsx`);

/**
 * Writes one sheet and lets the browser download it. xlsx is heavy, so it is loaded here, on demand,
 * and never imported statically anywhere in the SPA.
 */
export async function exportToXlsx<Row>({ fileName, sheetName, columns, rows }: ExportToXlsxOptions<Row>) {
  const XLSX = await import('xlsx');
  const data = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.value(row) ?? '')),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(data);
  sheet['!cols'] = columns.map((_column, index) => ({
    wch: Math.min(60, data.reduce((widest, line) => Math.max(widest, String(line[index]).length), 0) + 2),
  }));
  const book = XLSX.utils.book_new();
  // Excel refuses sheet names over 31 characters.
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  XLSX.writeFile(book, withExtension(fileName));
}

export const CANDIDATES_SHEET = 'Candidats';

/**
 * Exports candidate rows as they come (one column per field, in the order of first appearance) to
 * '<slug of fileName>.xlsx', sheet 'Candidats' (SPEC.md section 9).
 */
export function exportCandidates(rows: readonly Record<string, unknown>[], fileName: string) {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const columns: XlsxColumn<Record<string, unknown>>[] = keys.map((key) => ({
    header: key,
    value: (row) => toCell(row[key]),
  }));
  return exportToXlsx({
    fileName: `${slugify(fileName) || 'candidats'}.xlsx`,
    sheetName: CANDIDATES_SHEET,
    columns,
    rows,
  });
}

function toCell(value: unknown): XlsxCell {
  if (value == null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  return JSON.stringify(value);
}
