import { useState } from 'react';
import type { Employee } from '@contract/payroll';
import { EMPLOYEE_SORTS } from '@contract/values/payroll';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatPhone } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { SearchField } from '@/shared/ui/text-field';
import { toastWrite } from '@/shared/ui/toast';
import { Link } from 'react-router';
import { PAYROLL_PAGE_SIZE, useEmployees, useSetEmployeeActive, type EmployeeStatus } from '../api/payroll';
import { EmployeeDialog } from '../components/employee-dialog';
import { employeeName, PAYROLL_WRITE_CODE, payrollPermissionEntity } from '../lib/labels';

const statusOptions = [
  { value: 'active', label: 'Actifs' },
  { value: 'archived', label: 'Archivés' },
  { value: 'all', label: 'Tous' },
];

/** 'employes': the Level's employees (active by default), created and edited in a dialog, archived, never deleted. */
export function EmployeeListPage() {
  const paths = useSpacePaths();
  usePageTitle('Employés', { back: paths.page('payroll.list') ?? paths.here });
  const level = useLevel();
  const entity = levelEntity(level);
  const [status, setStatus] = useState<EmployeeStatus>('active');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const sorting = useListSort(EMPLOYEE_SORTS, { sort: 'name', order: 'asc' });
  const [paging, setPaging] = useState({ key: '', page: 1 });
  // a page belongs to one status, one search and one order: changing any starts again at page 1
  const key = JSON.stringify([status, debounced, sorting.query]);
  const page = paging.key === key ? paging.page : 1;
  const list = useEmployees(entity, status, debounced, page, PAYROLL_PAGE_SIZE, sorting.query);
  const permissions = usePermissions([PAYROLL_WRITE_CODE], payrollPermissionEntity(level));
  const canWrite = permissions.has(PAYROLL_WRITE_CODE);
  const [editing, setEditing] = useState<{ employee: Employee | null } | null>(null);
  const [toggling, setToggling] = useState<Employee | null>(null);
  const setActive = useSetEmployeeActive();
  const payslipsPath = paths.page('payroll.list');

  const columns: DataTableColumn<Employee>[] = [
    {
      key: 'name',
      header: 'Nom',
      sortKey: 'name',
      mobile: 'title',
      cell: (row) => <span className="font-medium text-slate-900">{employeeName(row)}</span>,
    },
    { key: 'position', header: 'Poste', sortKey: 'position', cell: (row) => row.position },
    {
      key: 'hired',
      header: "Date d'embauche",
      sortKey: 'hired',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => (row.hired_on ? formatDate(row.hired_on) : '—'),
    },
    {
      key: 'salary',
      header: 'Salaire de base',
      align: 'right',
      sortKey: 'salary',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.base_salary} />,
    },
    { key: 'phone', header: 'Téléphone', cell: (row) => formatPhone(row.phone) },
    {
      key: 'status',
      header: 'Statut',
      cell: (row) => (row.active ? <Badge tone="green">Actif</Badge> : <Badge tone="gray">Archivé</Badge>),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            mobileLabel: 'Actions',
            cell: (row: Employee) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Modifier ${employeeName(row)}`}
                  onClick={() => setEditing({ employee: row })}
                >
                  Modifier
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${row.active ? 'Archiver' : 'Réactiver'} ${employeeName(row)}`}
                  onClick={() => setToggling(row)}
                >
                  {row.active ? 'Archiver' : 'Réactiver'}
                </Button>
              </div>
            ),
          } satisfies DataTableColumn<Employee>,
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full max-w-xl gap-3 sm:grid-cols-2">
          <SearchField placeholder="Nom ou poste…" value={search} onChange={setSearch} />
          <Select
            label="Statut"
            options={statusOptions}
            value={status}
            onChange={(value) => setStatus(value as EmployeeStatus)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {payslipsPath && (
            <Link
              to={payslipsPath}
              className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:underline"
            >
              Fiches de paie
            </Link>
          )}
          {canWrite && entity && (
            <Button onClick={() => setEditing({ employee: null })}>Nouvel employé</Button>
          )}
        </div>
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption="Liste des employés"
          columns={columns}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText={debounced ? `Aucun employé pour « ${debounced} »` : 'Aucun employé'}
          pagination={{
            page,
            limit: list.data?.meta.limit ?? PAYROLL_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => setPaging({ key, page: next }),
          }}
          sorting={sorting.table}
        />
      )}
      {entity && (
        <EmployeeDialog
          entity={entity}
          employee={editing?.employee ?? null}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={toggling?.active ? 'Archiver cet employé ?' : 'Réactiver cet employé ?'}
        message={
          toggling?.active
            ? `${employeeName(toggling)} n'aura plus de nouvelle fiche de paie ; ses fiches restent consultables.`
            : toggling
              ? `${employeeName(toggling)} pourra de nouveau recevoir des fiches de paie.`
              : null
        }
        confirmLabel={toggling?.active ? 'Archiver' : 'Réactiver'}
        danger={toggling?.active ?? false}
        onConfirm={async () => {
          if (!toggling) return;
          await toastWrite(
            setActive.mutateAsync({ id: toggling.id, active: !toggling.active }),
            toggling.active ? 'Employé archivé.' : 'Employé réactivé.',
          );
          setToggling(null);
        }}
      />
    </div>
  );
}
