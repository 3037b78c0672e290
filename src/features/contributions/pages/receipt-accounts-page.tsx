import { useState } from 'react';
import type { ReceiptAccountTotals } from '@contract/contributions';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatMoney, toApiDate } from '@/shared/lib/format';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { usePageTitle } from '@/shared/level/page-title';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { DateRangeField } from '@/shared/ui/date-range-field';
import { useReceiptAccountTotals } from '../api/contributions';
import { FormError } from '@/shared/ui/form-error';

type Row = ReceiptAccountTotals['data'][number];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'code', header: 'Compte', cell: (row) => <span className="font-mono text-xs">{row.code}</span> },
  { key: 'name', header: 'Intitulé', cell: (row) => row.name },
  { key: 'count', header: 'Contributions', align: 'right', cell: (row) => row.count },
  { key: 'last', header: 'Dernière', cell: (row) => (row.last_at ? formatDate(row.last_at) : '—') },
  {
    key: 'amount',
    header: 'Total',
    align: 'right',
    cell: (row) => <span className="tabular-nums">{formatMoney(row.amount)}</span>,
  },
];

/** /mon-eglise/comptes-de-recettes: the level's receipt accounts ('Produits') and what each received. */
export function ReceiptAccountsPage() {
  usePageTitle('Comptes de recettes', { back: useSpacePaths().here });
  const entity = levelEntity(useLevel());
  const [period, setPeriod] = useState<DateRangeValue | undefined>();
  const query = useReceiptAccountTotals(entity, {
    from: period?.from ? toApiDate(period.from) : undefined,
    to: period?.to ? toApiDate(period.to) : undefined,
  });
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="max-w-sm">
        <DateRangeField label="Période" value={period} onChange={setPeriod} placeholder="Toutes les dates" />
      </div>
      {query.data && (
        <div className="rounded-lg border border-brand-200 bg-brand-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-brand-700">Total des recettes</p>
          <p className="text-xl font-bold tabular-nums" data-testid="accounts-total">
            {formatMoney(query.data.total.amount)}
          </p>
          <p className="text-xs text-slate-600">{query.data.total.count} contributions</p>
        </div>
      )}
      {query.isError ? (
        <FormError message={errorMessage(query.error)} />
      ) : (
        <DataTable
          caption="Comptes de recettes"
          columns={COLUMNS}
          rows={query.data?.data}
          loading={query.isPending}
          emptyText="Aucun compte disponible"
        />
      )}
    </div>
  );
}

export default ReceiptAccountsPage;
