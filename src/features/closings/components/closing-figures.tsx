import type { Closing, ClosingAccount } from '@contract/closings';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { Money } from '@/shared/ui/money';

const money = (pick: (a: ClosingAccount) => number) => (row: ClosingAccount) => <Money amount={pick(row)} />;

/** Each treasury account's carried amount, and the result carried to 121 or 129. */
export function ClosingFigures({ closing }: { closing: Closing }) {
  const columns: DataTableColumn<ClosingAccount>[] = [
    { key: 'account', header: 'Compte', mobile: 'title', cell: (row) => `${row.code} — ${row.name}` },
    { key: 'opening', header: 'Solde d’ouverture', align: 'right', cell: money((a) => a.opening_balance) },
    { key: 'receipts', header: 'Recettes', align: 'right', cell: money((a) => a.receipts) },
    { key: 'expenses', header: 'Dépenses', align: 'right', cell: money((a) => a.expenses) },
    { key: 'carried', header: 'Report à nouveau', align: 'right', cell: money((a) => a.closing_balance) },
  ];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-5">
        <div>
          <dt className="text-xs text-slate-600">Produits (classe 7)</dt>
          <dd className="font-semibold">
            <Money amount={closing.products} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Charges (classe 6)</dt>
          <dd className="font-semibold">
            <Money amount={closing.charges} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Dotations aux amortissements</dt>
          <dd className="font-semibold">
            <Money amount={closing.depreciation} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Plus ou moins-values de cession</dt>
          <dd className="font-semibold">
            <Money amount={closing.disposals} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">
            Résultat reporté au compte {closing.result_account}
            {closing.result_account === '121' ? ' (excédent)' : ' (déficit)'}
          </dt>
          <dd className={`font-semibold ${closing.result < 0 ? 'text-red-700' : ''}`}>
            <Money amount={closing.result} />
          </dd>
        </div>
      </dl>
      <DataTable
        caption="Reports à nouveau des comptes de trésorerie"
        columns={columns}
        rows={closing.accounts}
        getRowKey={(row) => row.payment_account_id}
        emptyText="Aucun compte de trésorerie mouvementé"
      />
    </div>
  );
}
