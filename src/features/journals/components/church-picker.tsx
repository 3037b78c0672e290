import { Select } from '@/shared/ui/select';

/** The accountant chooses which of their churches the document is about (also ?church=ID). */
export function ChurchPicker({
  churches,
  value,
  onChange,
}: {
  churches: { id: number; name: string }[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <Select
      label="Église"
      className="max-w-sm print:hidden"
      options={churches.map((church) => ({ value: String(church.id), label: church.name }))}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(Number(next))}
      placeholder="Choisir une église"
    />
  );
}
