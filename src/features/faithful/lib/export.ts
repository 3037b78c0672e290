import type { FaithfulSummary } from '@contract/faithful';
import { exportCandidates, exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatPhone } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import { GENDER_LABELS } from './labels';

const today = () => new Date().toISOString().slice(0, 10);

/** The list as shown: one row per faithful, 'fideles-<lieu>-<date>.xlsx', sheet 'Fidèles'. */
export function exportFaithfulList(rows: readonly FaithfulSummary[], place: string) {
  return exportToXlsx({
    fileName: slugify(`fideles ${place} ${today()}`),
    sheetName: 'Fidèles',
    columns: [
      { header: 'Matricule', value: (row) => row.registration_number ?? '' },
      { header: 'Nom', value: (row) => row.lastname },
      { header: 'Prénom', value: (row) => row.firstname },
      { header: 'Téléphone', value: (row) => formatPhone(row.phone) },
      { header: 'Email', value: (row) => row.email ?? '' },
      { header: 'Sexe', value: (row) => (row.gender ? GENDER_LABELS[row.gender] : '') },
      { header: 'Église', value: (row) => row.church?.name ?? '' },
    ],
    rows,
  });
}

/** The rows of the 'Candidats' export (SPEC.md section 9): one record per faithful, French keys. */
export function candidateRows(rows: readonly FaithfulSummary[]): Record<string, unknown>[] {
  return rows.map((row) => ({
    Matricule: row.registration_number ?? '',
    Nom: row.lastname,
    Prénom: row.firstname,
    Téléphone: formatPhone(row.phone),
    Email: row.email ?? '',
    Église: row.church?.name ?? '',
  }));
}

/** 'candidats-<lieu>.xlsx' (slug helper), sheet 'Candidats'. */
export function exportFaithfulCandidates(rows: readonly FaithfulSummary[], place: string) {
  return exportCandidates(candidateRows(rows), `candidats ${place}`);
}
