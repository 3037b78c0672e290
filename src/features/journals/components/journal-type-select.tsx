import { JOURNAL_TYPES } from '@contract/values/accounts';
import type { JournalType } from '@contract/accounts';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import { Select } from '@/shared/ui/select';

export const JOURNAL_TYPE_OPTIONS = JOURNAL_TYPES.map((value) => ({
  value,
  label: JOURNAL_TYPE_LABELS[value],
}));

/** The selector of SPEC.md section 2: CASH (Caisse), BANK (Banque), ELECTRONIK (Electronique). */
export function JournalTypeSelect({
  value,
  onChange,
  label = 'Type de journal',
  allowAll = false,
  className,
}: {
  value: JournalType | '';
  onChange: (value: JournalType | '') => void;
  label?: string;
  /** adds 'Tous les journaux' (the general journal) */
  allowAll?: boolean;
  className?: string;
}) {
  const options = allowAll
    ? [{ value: 'ALL', label: 'Tous les journaux' }, ...JOURNAL_TYPE_OPTIONS]
    : JOURNAL_TYPE_OPTIONS;
  return (
    <Select
      label={label}
      className={className}
      options={options}
      value={allowAll && value === '' ? 'ALL' : value}
      onChange={(next) => onChange(next === 'ALL' ? '' : (next as JournalType))}
      placeholder="Selectionner le type de journal"
    />
  );
}
