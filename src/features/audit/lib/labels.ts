import type { AuditRecord } from '@contract/audit';

/** The entity types the audit writes, in French. */
export const ENTITY_TYPE_LABELS: Record<string, string> = {
  national_office: 'Bureau national',
  region: 'Région',
  section: 'Section',
  church: 'Église',
  department: 'Département',
  expense_request: 'Demande de dépense',
  contribution: 'Recette',
  fixed_asset: 'Immobilisation',
  budget: 'Budget',
  budget_item_template: 'Modèle de budget',
  employee: 'Employé',
  payslip: 'Fiche de paie',
  operation_account: 'Compte d’opération',
  subscription: 'Souscription',
  subscription_type: 'Type de souscription',
  faithful_transfer: 'Transfert de fidèle',
  user: 'Utilisateur',
};

export function entityTypeLabel(type: string | null): string {
  if (!type) return '—';
  return ENTITY_TYPE_LABELS[type] ?? ENTITY_TYPE_LABELS[type.toLowerCase()] ?? type;
}

/** 'Église n° 12 — Église de la Grâce' */
export function entityText(record: AuditRecord): string {
  if (!record.entity_type) return '—';
  const base = `${entityTypeLabel(record.entity_type)}${record.entity_id ? ` n° ${record.entity_id}` : ''}`;
  return record.entity_label ? `${base} — ${record.entity_label}` : base;
}

/** A record's changes: its `before` and `after` when it has them, field by field. */
export function changesOf(
  record: AuditRecord,
): Array<{ field: string; before: string; after: string }> | null {
  const data = record.data as { before?: unknown; after?: unknown; changes?: unknown } | null;
  if (!data || typeof data !== 'object') return null;
  const after = data.after ?? data.changes;
  if (data.before === undefined || after === undefined) return null;
  const before = data.before;
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) {
    return [{ field: 'valeur', before: text(before), after: text(after) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({
      field,
      before: text((before as Record<string, unknown>)[field]),
      after: text((after as Record<string, unknown>)[field]),
    }))
    .filter((change) => change.before !== change.after);
}

export function text(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
