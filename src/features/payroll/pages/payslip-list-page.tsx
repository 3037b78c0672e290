import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Payslip } from '@contract/payroll';
import { monthLabel, PAYSLIP_SORTS } from '@contract/values/payroll';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { TextField } from '@/shared/ui/text-field';
import { PAYROLL_PAGE_SIZE, usePayslips } from '../api/payroll';
import { previousMonth } from '../lib/forms';
import { employeeName, PAYROLL_WRITE_CODE, payrollPermissionEntity } from '../lib/labels';

/** 'fiches-de-paie': the Level's payslips of a month (the last one by default) and the month's totals. */
export function PayslipListPage() {
  const paths = useSpacePaths();
  usePageTitle('Fiches de paie', { back: paths.here });
  const level = useLevel();
  const entity = levelEntity(level);
  const navigate = useNavigate();
  const [month, setMonth] = useState(previousMonth());
  const sorting = useListSort(PAYSLIP_SORTS, { sort: 'month', order: 'desc' });
  // a page belongs to one month and one order: changing either starts again at page 1
  const pagingKey = JSON.stringify([month, sorting.query]);
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const list = usePayslips(entity, month, page, sorting.query);
  const permissions = usePermissions([PAYROLL_WRITE_CODE], payrollPermissionEntity(level));
  const addPath = paths.page('payroll.new');
  const employeesPath = paths.page('payroll.employees');
  const totals = list.data?.totals;

  const columns: DataTableColumn<Payslip>[] = [
    {
      key: 'employee',
      header: 'Employé',
      sortKey: 'employee',
      mobile: 'title',
      cell: (row) => {
        return (
          <MaybeLink to={paths.page('payroll.edit', { payslipId: row.id })}>
            {employeeName(row.employee)}
          </MaybeLink>
        );
      },
    },
    { key: 'position', header: 'Poste', cell: (row) => row.employee.position },
    {
      key: 'month',
      header: 'Mois',
      sortKey: 'month',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => monthLabel(row.month),
    },
    {
      key: 'gross',
      header: 'Brut',
      align: 'right',
      sortKey: 'gross',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.gross} />,
    },
    {
      key: 'allowances',
      header: 'Indemnités',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.allowances} />,
    },
    {
      key: 'deductions',
      header: 'Retenues',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.deductions} />,
    },
    {
      key: 'net',
      header: 'Net à payer',
      align: 'right',
      sortKey: 'net',
      sortFirst: 'desc',
      className: 'whitespace-nowrap font-semibold',
      cell: (row) => <Money amount={row.net} />,
    },
    {
      key: 'status',
      header: 'Statut',
      sortKey: 'status',
      cell: (row) =>
        row.status === 'paid' ? (
          <Badge tone="green">Payée{row.paid_on ? ` le ${formatDate(row.paid_on)}` : ''}</Badge>
        ) : (
          <Badge tone="amber">À payer</Badge>
        ),
    },
  ];

  const figures: Array<[string, number | undefined]> = [
    ['Brut', totals?.gross],
    ['Indemnités', totals?.allowances],
    ['Retenues', totals?.deductions],
    ['Net à payer', totals?.net],
    ['Payé', totals?.paid],
    ['Reste à payer', totals?.unpaid],
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <TextField
            label="Mois"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            hint={month ? undefined : 'Tous les mois'}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {employeesPath && (
            <Button variant="secondary" onClick={() => navigate(employeesPath)}>
              Employés
            </Button>
          )}
          {addPath && permissions.has(PAYROLL_WRITE_CODE) && (
            <Button onClick={() => navigate(addPath)}>Nouvelle fiche de paie</Button>
          )}
        </div>
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <>
          <Card title={month ? `Totaux de ${monthLabel(month)}` : 'Totaux de tous les mois'}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {figures.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="font-semibold">
                    {value === undefined ? '…' : <Money amount={value} wrap />}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-sm text-slate-600">
              {totals ? `${totals.count} fiche${totals.count > 1 ? 's' : ''} de paie` : ''}
            </p>
          </Card>
          <DataTable
            caption="Liste des fiches de paie"
            columns={columns}
            rows={list.data?.data}
            loading={list.isPending}
            emptyText={month ? `Aucune fiche de paie pour ${monthLabel(month)}` : 'Aucune fiche de paie'}
            pagination={{
              page,
              limit: list.data?.meta.limit ?? PAYROLL_PAGE_SIZE,
              total: list.data?.meta.total ?? 0,
              onPageChange: (next) => setPaging({ key: pagingKey, page: next }),
            }}
            sorting={sorting.table}
          />
        </>
      )}
    </div>
  );
}
