import { Link } from 'react-router';
import { DEPARTMENT_ROLE_LABELS } from '@contract/values/activities';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { MonthChart } from '@/shared/ui/month-chart';
import { Spinner } from '@/shared/ui/spinner';
import { useDepartmentSummary } from '../api/activities';
import { ActivityStatusBadge, ReportStatusBadge } from '../components/badges';
import { DepartmentMembers } from '../components/department-members';

/**
 * A department's dashboard: its leader and members, receipts and paid expenses of the last six months
 * (chart; only when the answer has them: its leader or a finance permission), upcoming activities, last
 * reports, and links to its pages in this space (its money's only with its money).
 */
export function DepartmentDashboardPage() {
  const entity = levelEntity(useLevel());
  const id = entity?.entityId ?? 0;
  const paths = useSpacePaths();
  const summary = useDepartmentSummary(id);
  const data = summary.data;
  usePageTitle(data ? data.department.name : 'Département', { back: paths.here });
  const manage = usePermissions(['activity:update'], permissionEntity(entity)).has('activity:update');

  if (summary.isLoading) return <Spinner label="Chargement du département" />;
  if (!data) return <FormError message={errorMessage(summary.error)} />;
  const churchId = data.department.entity_type === 'CHURCH' ? data.department.entity_id : null;
  // the money of the period comes only to its leader or a holder of a finance permission (decisions
  // 0041 and 0047): the others see neither it nor the links to its contributions and expenses
  const money =
    data.contributions_total !== null && data.expenses_total !== null && data.months !== null
      ? { contributions: data.contributions_total, expenses: data.expenses_total, months: data.months }
      : null;
  const links = [
    ['activities.members', 'Membres'],
    ...(money
      ? ([
          ['contributions.list', 'Contributions'],
          ['expenses.list', 'Dépenses'],
        ] as const)
      : []),
    ['activities.list', 'Activités'],
    ['activities.reports', 'Rapports'],
  ] as const;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <p className="text-sm text-slate-600">
        {data.department.entity ? `Rattaché à ${data.department.entity.name}. ` : ''}
        {data.my_role ? `Vous en êtes ${DEPARTMENT_ROLE_LABELS[data.my_role].toLowerCase()}.` : ''}
      </p>
      <nav aria-label="Pages du département" className="flex flex-wrap gap-2">
        {links.map(([page, label]) => {
          const to = paths.page(page);
          return to ? (
            <Link
              key={page}
              to={to}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              {label}
            </Link>
          ) : null;
        })}
      </nav>
      <div className={`grid gap-4 ${money ? 'sm:grid-cols-3' : 'sm:grid-cols-1'}`}>
        <Card title="Membres">
          <p className="text-2xl font-semibold text-slate-900">{data.members}</p>
          <p className="text-sm text-slate-600">Responsable : {data.leader ?? 'aucun'}</p>
        </Card>
        {money && (
          <>
            <Card title="Recettes de la période">
              <p className="text-2xl font-semibold text-slate-900">
                <Money amount={money.contributions} />
              </p>
              <p className="text-sm text-slate-600">
                Du {formatDate(data.from)} au {formatDate(data.to)}
              </p>
            </Card>
            <Card title="Dépenses payées de la période">
              <p className="text-2xl font-semibold text-slate-900">
                <Money amount={money.expenses} />
              </p>
            </Card>
          </>
        )}
      </div>
      {money && (
        <Card title="Recettes et dépenses par mois">
          <MonthChart
            points={money.months.map((m) => ({
              month: m.month,
              receipts: m.contributions,
              expenses: m.expenses,
            }))}
            title="Recettes et dépenses par mois"
          />
        </Card>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Activités à venir">
          {data.upcoming.length === 0 ? (
            <p className="text-sm text-slate-600">Aucune activité trouvée</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {data.upcoming.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {formatDate(a.planned_date)} — {a.title}
                  </span>
                  <ActivityStatusBadge status={a.status as 'planned'} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Derniers rapports">
          {data.reports.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun rapport pour l'instant.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {data.reports.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <MaybeLink
                    to={paths.record('activities.report', { reportId: r.id })}
                    className="text-brand-700 hover:underline"
                    textClassName=""
                  >
                    {r.title}
                  </MaybeLink>
                  <ReportStatusBadge status={r.status as 'draft'} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card title="Responsable et membres">
        <DepartmentMembers departmentId={id} churchId={churchId} manage={manage} />
      </Card>
    </div>
  );
}
