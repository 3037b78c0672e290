import { useState } from 'react';
import type { AuditRecord } from '@contract/audit';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { toApiDate } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { DateRangeField } from '@/shared/ui/date-range-field';
import { FormError } from '@/shared/ui/form-error';
import { Select } from '@/shared/ui/select';
import { notify } from '@/shared/ui/toast';
import { fetchAllAuditRecords, useAuditFacets, useAuditLog, type AuditFilters } from '../api/audit';
import { changesOf, entityText, entityTypeLabel, formatWhen, text } from '../lib/labels';

const ALL = 'all';

/** What a record says: its changes (before → after) for an edit, else its data. */
function RecordDetails({ record }: { record: AuditRecord }) {
  const changes = changesOf(record);
  if (changes && changes.length > 0) {
    return (
      <ul className="space-y-0.5 text-xs">
        {changes.map((change) => (
          <li key={change.field} className="wrap-anywhere">
            <span className="font-medium">{change.field}</span> :{' '}
            <span className="line-through">{change.before}</span> → <span>{change.after}</span>
          </li>
        ))}
      </ul>
    );
  }
  if (record.data === null || record.data === undefined) return <span className="text-slate-600">—</span>;
  return <code className="block max-w-md text-xs wrap-anywhere text-slate-700">{text(record.data)}</code>;
}

/**
 * The audit log (decision 0044): who did what, on which entity, when and from where, newest first,
 * with the before and after of an edit; filters, pages of 50, xlsx export. The admin reads every
 * record (/admin/journal-audit); a national office's accountant the records of the office's entities
 * (/mon-bureau-national/espace-comptable/journal-audit).
 */
export function AuditLogPage() {
  const paths = useSpacePaths();
  usePageTitle("Journal d'audit", { back: paths.here });
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filters, page);
  const facets = useAuditFacets();

  // the period's ends as the calendar shows them (the filters keep 'YYYY-MM-DD')
  const period: DateRangeValue | undefined = filters.from
    ? {
        from: new Date(`${filters.from}T00:00`),
        to: filters.to ? new Date(`${filters.to}T00:00`) : undefined,
      }
    : undefined;

  const change = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllAuditRecords(filters);
      await exportToXlsx<AuditRecord>({
        fileName: `journal-audit-${new Date().toISOString().slice(0, 10)}`,
        sheetName: "Journal d'audit",
        columns: [
          { header: 'N°', value: (r) => r.id },
          { header: 'Date', value: (r) => formatWhen(r.created_at) },
          { header: 'Utilisateur', value: (r) => r.user?.name ?? 'Système' },
          { header: 'Courriel', value: (r) => r.user?.email ?? '' },
          { header: 'Action', value: (r) => r.action },
          { header: 'Entité', value: (r) => entityText(r) },
          { header: 'Adresse IP', value: (r) => r.ip ?? '' },
          {
            header: 'Avant',
            value: (r) =>
              changesOf(r)
                ?.map((c) => `${c.field}: ${c.before}`)
                .join('\n') ?? '',
          },
          {
            header: 'Après',
            value: (r) =>
              changesOf(r)
                ?.map((c) => `${c.field}: ${c.after}`)
                .join('\n') ?? '',
          },
          { header: 'Données', value: (r) => text(r.data) },
          { header: 'Empreinte', value: (r) => r.hash ?? '' },
        ],
        rows,
      });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<AuditRecord>[] = [
    {
      key: 'when',
      header: 'Date',
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatWhen(r.created_at)}</span>,
      mobile: 'title',
    },
    {
      key: 'user',
      header: 'Qui',
      cell: (r) =>
        r.user ? (
          <span>
            {r.user.name}
            {r.user.email && <span className="block text-xs text-slate-600">{r.user.email}</span>}
          </span>
        ) : (
          'Système'
        ),
    },
    { key: 'action', header: 'Action', cell: (r) => <code className="text-xs">{r.action}</code> },
    { key: 'entity', header: 'Entité', cell: (r) => entityText(r) },
    { key: 'ip', header: 'Depuis', cell: (r) => r.ip ?? '—' },
    {
      key: 'details',
      header: 'Avant → après, données',
      mobileLabel: 'Données',
      cell: (r) => <RecordDetails record={r} />,
    },
  ];

  const options = (values: readonly string[] | undefined, label: (v: string) => string) => [
    { value: ALL, label: 'Tous' },
    ...(values ?? []).map((value) => ({ value, label: label(value) })),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <p className="text-sm text-slate-700">
        Chaque écriture laisse un enregistrement chaîné au précédent par son empreinte : une modification ou
        une suppression se voit (<code>npm run audit:verify</code>).
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label="Utilisateur"
          value={filters.user_id ? String(filters.user_id) : ALL}
          options={[
            { value: ALL, label: 'Tous' },
            ...(facets.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          ]}
          onChange={(value) => change({ user_id: value === ALL ? undefined : Number(value) })}
        />
        <Select
          label="Action"
          value={filters.action ?? ALL}
          options={options(facets.data?.actions, (v) => v)}
          onChange={(value) => change({ action: value === ALL ? undefined : value })}
        />
        <Select
          label="Type d'entité"
          value={filters.entity_type ?? ALL}
          options={options(facets.data?.entity_types, entityTypeLabel)}
          onChange={(value) => change({ entity_type: value === ALL ? undefined : value })}
        />
        <DateRangeField
          label="Période"
          value={period}
          placeholder="Toutes les dates"
          onChange={(range) =>
            change({
              from: range?.from ? toApiDate(range.from) : undefined,
              to: range?.to ? toApiDate(range.to) : undefined,
            })
          }
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            change({
              user_id: undefined,
              action: undefined,
              entity_type: undefined,
              from: undefined,
              to: undefined,
            })
          }
        >
          Effacer les filtres
        </Button>
        <Button variant="secondary" onClick={onExport} loading={exporting} disabled={!log.data?.meta.total}>
          Exporter (xlsx)
        </Button>
      </div>
      <FormError message={log.isError ? errorMessage(log.error) : null} />
      <DataTable
        caption="Journal d'audit"
        columns={columns}
        rows={log.data?.data}
        loading={log.isLoading}
        emptyText="Aucun enregistrement pour ces filtres."
        pagination={
          log.data
            ? { page, limit: log.data.meta.limit, total: log.data.meta.total, onPageChange: setPage }
            : undefined
        }
      />
    </div>
  );
}
