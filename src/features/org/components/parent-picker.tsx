import { useState } from 'react';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useEntitySearch } from '@/shared/org/entities';
import { Combobox } from '@/shared/ui/combobox';
import type { FieldErrorValue } from '@/shared/ui/field';
import { ORG_KINDS, type OrgKind } from '../kinds';

export type ParentPickerProps = {
  kind: OrgKind;
  label: string;
  value: number | null;
  selectedLabel?: string;
  onChange: (id: number | null, name: string | null) => void;
  /** narrows the search (e.g. the sections of the Level's region) */
  filter?: Record<string, number>;
  error?: FieldErrorValue;
  hint?: string;
  required?: boolean;
};

/** A searchable choice of a national office, a region or a section (GET /{kind}?search&limit=10). */
export function ParentPicker({
  kind,
  label,
  value,
  selectedLabel,
  onChange,
  filter,
  error,
  hint,
  required,
}: ParentPickerProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const found = useEntitySearch(kind, { search: debounced, limit: 10, ...(filter ? { filter } : {}) });
  return (
    <Combobox<number>
      label={label}
      placeholder={ORG_KINDS[kind].searchPlaceholder}
      options={(found.data ?? []).map((entity) => ({ value: entity.id, label: entity.name }))}
      value={value}
      selectedLabel={selectedLabel}
      onChange={(id, option) => onChange(id, option?.label ?? null)}
      onSearchChange={setSearch}
      loading={found.isFetching}
      emptyText="Aucune entité trouvée"
      error={error}
      hint={hint}
      required={required}
    />
  );
}
