import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  REPORT_SORTS,
  REPORT_STATUS_LABELS,
  type ReportScope,
  type ReportStatus,
} from '@contract/values/activities';
import type { ActivityReport } from '@contract/activities';
import type { EntityType } from '@contract/common';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { Button } from '@/shared/ui/button';
import { DataTable, pagesOf, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { PageSection } from '@/shared/ui/page-section';
import { Select } from '@/shared/ui/select';
import { useReports } from '../api/activities';
import { ReportStatusBadge } from '../components/badges';
import { useMayCreate } from '../lib/permissions';

const STATUS_OPTIONS = [
  { value: 'all', label: 'Tous les statuts' },
  ...Object.entries(REPORT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
const SCOPE_OPTIONS = [
  { value: 'all', label: 'Tous les rapports' },
  { value: 'own', label: 'Nos rapports' },
  { value: 'below', label: 'Des entités rattachées' },
];

/**
 * The activity reports of a Level: its own ('Nos rapports'; drafts only at its own level) and, filterable,
 * those submitted by the entities below it. `reading`: the church's reading list of its departments'
 * reports ('rapports-activites'). One page for every space (docs/architecture.md).
 */
export function ReportListPage({ reading = false }: { reading?: boolean }) {
  const paths = useSpacePaths();
  usePageTitle(reading ? 'Rapports des départements' : "Rapports d'activités", { back: paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const [scope, setScope] = useState<ReportScope>(reading ? 'below' : 'all');
  const [status, setStatus] = useState<ReportStatus | ''>('');
  const sorting = useListSort(REPORT_SORTS, { sort: 'period', order: 'desc' });
  // a page belongs to one scope, one status and one order: changing any starts again at page 1
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const key = JSON.stringify([scope, status, sorting.query]);
  const page = paging.key === key ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key, page: next });
  const list = useReports(entity, { scope, status, page, ...sorting.query });
  const rows = list.data?.data;
  const addPath = paths.page(reading ? 'activities.readingNew' : 'activities.reportNew');
  const mayCreate = useMayCreate('report', addPath).allowed;
  const open = (r: ActivityReport) =>
    paths.record('activities.report', { reportId: r.id }) ??
    paths.pageOf({ type: r.entity_type as EntityType, target: { id: r.entity_id } }, 'activities.report', {
      reportId: r.id,
    });

  const columns: DataTableColumn<ActivityReport>[] = [
    {
      key: 'title',
      header: 'Rapport',
      sortKey: 'title',
      mobile: 'title',
      cell: (r) => {
        return (
          <MaybeLink to={open(r)} className="font-medium text-brand-700 hover:text-brand-900 hover:underline">
            {r.title}
          </MaybeLink>
        );
      },
    },
    { key: 'entity', header: 'Entité', sortKey: 'entity', cell: (r) => r.entity ?? '—' },
    {
      key: 'period',
      header: 'Période',
      sortKey: 'period',
      sortFirst: 'desc',
      cell: (r) => `${formatDate(r.period_start)} – ${formatDate(r.period_end)}`,
    },
    {
      key: 'attendance',
      header: 'Participants',
      align: 'right',
      sortKey: 'attendance',
      sortFirst: 'desc',
      cell: (r) => r.men + r.women + r.children,
    },
    {
      key: 'status',
      header: 'Statut',
      sortKey: 'status',
      cell: (r) => <ReportStatusBadge status={r.status} />,
    },
  ];

  const exportList = () =>
    exportToXlsx({
      fileName: 'rapports-activites.xlsx',
      sheetName: 'Rapports',
      rows: rows ?? [],
      columns: [
        { header: 'Rapport', value: (r) => r.title },
        { header: 'Entité', value: (r) => r.entity },
        { header: 'Début', value: (r) => r.period_start },
        { header: 'Fin', value: (r) => r.period_end },
        { header: 'Hommes', value: (r) => r.men },
        { header: 'Femmes', value: (r) => r.women },
        { header: 'Enfants', value: (r) => r.children },
        { header: 'Statut', value: (r) => REPORT_STATUS_LABELS[r.status] },
      ],
    });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageSection
        title={reading ? 'Rapports des départements' : "Rapports d'activités"}
        actions={
          <>
            <Button variant="secondary" onClick={exportList} disabled={!rows?.length}>
              Exporter
            </Button>
            {addPath && mayCreate && <Button onClick={() => navigate(addPath)}>Nouveau rapport</Button>}
          </>
        }
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {!reading && (
            <Select
              label="Rapports"
              options={SCOPE_OPTIONS}
              value={scope}
              onChange={(v) => setScope(v as ReportScope)}
            />
          )}
          <Select
            label="Statut"
            options={STATUS_OPTIONS}
            value={status || 'all'}
            onChange={(v) => setStatus(v === 'all' ? '' : (v as ReportStatus))}
          />
        </div>
        <FormError message={list.isError ? errorMessage(list.error) : null} />
        <DataTable
          caption="Liste des rapports d'activités"
          columns={columns}
          rows={rows}
          loading={list.isLoading}
          pagination={pagesOf(list.data, page, setPage)}
          sorting={sorting.table}
        />
      </PageSection>
    </div>
  );
}
