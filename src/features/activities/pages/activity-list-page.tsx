import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus } from '@contract/values/activities';
import type { Activity } from '@contract/activities';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate, formatLongDate } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { PageSection } from '@/shared/ui/page-section';
import { Select } from '@/shared/ui/select';
import { useActivities } from '../api/activities';
import { ActivityStatusBadge } from '../components/badges';
import { monthLabel, monthOf, shiftMonth } from '../lib/month';
import { useMayCreate } from '../lib/permissions';

const STATUS_OPTIONS = [
  { value: 'all', label: 'Tous les statuts' },
  ...Object.entries(ACTIVITY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/**
 * The Level's planned activities of a month: the list and, beside it, the month's agenda (day by day).
 * 'Planifier une activité' where the space has the page; xlsx export of the month.
 */
export function ActivityListPage({ title = 'Activités planifiées' }: { title?: string }) {
  const paths = useSpacePaths();
  usePageTitle(title, { back: paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const [month, setMonth] = useState(monthOf());
  const [status, setStatus] = useState<ActivityStatus | ''>('');
  const list = useActivities(entity, { month, status });
  const rows = list.data?.data;
  const addPath = paths.page('activities.new');
  const mayCreate = useMayCreate('activity', addPath).allowed;

  const link = (a: Activity) => (
    <MaybeLink
      to={paths.record('activities.detail', { id: a.id })}
      className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
    >
      {a.title}
    </MaybeLink>
  );
  const columns: DataTableColumn<Activity>[] = [
    { key: 'title', header: 'Activité', cell: link, mobile: 'title' },
    {
      key: 'date',
      header: 'Date',
      cell: (a) => `${formatDate(a.planned_date)}${a.planned_time ? ` à ${a.planned_time}` : ''}`,
    },
    { key: 'type', header: 'Type', cell: (a) => a.activityType?.name ?? '—' },
    { key: 'place', header: 'Lieu', cell: (a) => a.place ?? '—' },
    { key: 'department', header: 'Département', cell: (a) => a.department?.name ?? '—' },
    {
      key: 'cost',
      header: 'Coût estimé',
      align: 'right',
      cell: (a) => (a.estimated_cost === null ? '—' : <Money amount={a.estimated_cost} />),
    },
    { key: 'status', header: 'Statut', cell: (a) => <ActivityStatusBadge status={a.status} /> },
  ];

  const exportMonth = () =>
    exportToXlsx({
      fileName: `activites-${month}.xlsx`,
      sheetName: 'Activités',
      rows: rows ?? [],
      columns: [
        { header: 'Activité', value: (a) => a.title },
        { header: 'Date', value: (a) => a.planned_date },
        { header: 'Heure', value: (a) => a.planned_time },
        { header: 'Type', value: (a) => a.activityType?.name },
        { header: 'Lieu', value: (a) => a.place },
        { header: 'Département', value: (a) => a.department?.name },
        { header: 'Coût estimé (F CFA)', value: (a) => a.estimated_cost },
        { header: 'Coût réel (F CFA)', value: (a) => a.actual_cost },
        { header: 'Statut', value: (a) => ACTIVITY_STATUS_LABELS[a.status] },
      ],
    });

  const byDay = new Map<string, Activity[]>();
  for (const a of rows ?? []) byDay.set(a.planned_date, [...(byDay.get(a.planned_date) ?? []), a]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageSection
        title={`Activités de ${monthLabel(month)}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setMonth(shiftMonth(month, -1))}>
              Mois précédent
            </Button>
            <Button variant="secondary" onClick={() => setMonth(shiftMonth(month, 1))}>
              Mois suivant
            </Button>
            <Button variant="secondary" onClick={exportMonth} disabled={!rows?.length}>
              Exporter
            </Button>
            {addPath && mayCreate && (
              <Button onClick={() => navigate(addPath)}>Planifier une activité</Button>
            )}
          </>
        }
      >
        <div className="max-w-xs">
          <Select
            label="Statut"
            options={STATUS_OPTIONS}
            value={status || 'all'}
            onChange={(v) => setStatus(v === 'all' ? '' : (v as ActivityStatus))}
          />
        </div>
        <FormError message={list.isError ? errorMessage(list.error) : null} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <DataTable
              caption="Liste des activités planifiées"
              columns={columns}
              rows={rows}
              loading={list.isLoading}
              emptyText="Aucune activité trouvée"
            />
          </div>
          <section aria-label={`Agenda de ${monthLabel(month)}`} className="space-y-2">
            <h3 className="text-base font-semibold text-slate-900">Agenda du mois</h3>
            {byDay.size === 0 && <p className="text-sm text-slate-600">Aucune activité ce mois-ci.</p>}
            <ol className="space-y-2">
              {[...byDay.entries()].map(([dayKey, items]) => (
                <li key={dayKey} className="rounded-lg border border-slate-200 bg-white p-3">
                  <p className="text-sm font-semibold capitalize text-slate-800">{formatLongDate(dayKey)}</p>
                  <ul className="mt-1 space-y-1">
                    {items.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                        {a.planned_time && <span className="tabular-nums">{a.planned_time}</span>}
                        <span>{link(a)}</span>
                        <ActivityStatusBadge status={a.status} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </PageSection>
    </div>
  );
}
