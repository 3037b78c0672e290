import { useState } from 'react';
import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { formatPhone } from '@/shared/lib/format';
import { Combobox } from '@/shared/ui/combobox';

/** A faithful of a church (or of every church the user sees), searched on the server. */
export function FaithfulPicker({
  label,
  churchId,
  value,
  onChange,
  error,
}: {
  label: string;
  churchId: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 400);
  const faithful = useFaithfulSearch(debounced, { churchId });
  return (
    <Combobox<number>
      label={label}
      value={value}
      onChange={(id) => onChange(id)}
      onSearchChange={setSearch}
      loading={faithful.isFetching}
      emptyText="Aucun fidèle trouvé"
      clearable
      error={error}
      options={(faithful.data ?? []).map((f) => ({
        value: f.id,
        label: `${f.firstname} ${f.lastname}`.trim(),
        description: formatPhone(f.phone),
      }))}
    />
  );
}
