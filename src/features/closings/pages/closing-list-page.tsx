import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Closing } from '@contract/closings';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { notify } from '@/shared/ui/toast';
import { useClosingList, useClosingPreview, useConfirmClosing } from '../api/closings';
import { ClosingFigures } from '../components/closing-figures';

/**
 * The codes the server takes to preview and to close a year (server/src/modules/closings/routes.ts): the
 * closing's own (the external accountant's, decision 0048) or the payers'.
 */
const CLOSE_CODES = ['fiscal_year:close', 'expense:validate'];

/** 'reports-a-nouveau': the Level's closed years; a year previewed, then closed once (it is then locked). */
export function ClosingListPage() {
  const paths = useSpacePaths();
  usePageTitle('Reports à nouveau', { back: paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const list = useClosingList(entity);
  // the preview is asked with the closing's own code: who may not close reads the closed years only
  const mayClose = usePermissions(CLOSE_CODES, permissionEntity(entity)).hasAny;
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useClosingPreview(entity, year);
  const confirm = useConfirmClosing();
  const years = Array.from({ length: 6 }, (_, i) => thisYear - 1 - i);

  const columns: DataTableColumn<Omit<Closing, 'accounts'>>[] = [
    {
      key: 'year',
      header: 'Exercice',
      mobile: 'title',
      cell: (row) => {
        return (
          <MaybeLink to={row.id ? paths.page('closings.detail', { closingId: row.id }) : null}>
            Exercice {row.year}
          </MaybeLink>
        );
      },
    },
    { key: 'result', header: 'Résultat', align: 'right', cell: (row) => <Money amount={row.result} /> },
    { key: 'account', header: 'Compte', cell: (row) => row.result_account },
    {
      key: 'closed',
      header: 'Clôturé',
      cell: (row) =>
        `${row.closed_at ? formatDateTime(row.closed_at) : ''}${row.closed_by ? ` par ${row.closed_by}` : ''}`,
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {mayClose && (
        <Card
          title="Clôturer un exercice"
          description="L’aperçu n’écrit rien ; la clôture verrouille l’exercice."
        >
          <div className="max-w-xs">
            <Select
              label="Exercice"
              options={years.map((y) => ({ value: String(y), label: String(y) }))}
              value={year === null ? '' : String(year)}
              onChange={(value) => setYear(Number(value))}
              placeholder="Choisir l’exercice"
            />
          </div>
          {year !== null && (
            <div className="mt-4 space-y-4">
              {preview.isPending ? (
                <p className="text-sm text-slate-700">Calcul de l’aperçu…</p>
              ) : preview.isError ? (
                <FormError message={errorMessage(preview.error)} />
              ) : (
                <>
                  <ClosingFigures closing={preview.data} />
                  <div className="flex justify-end">
                    <Button onClick={() => setConfirming(true)}>Clôturer l’exercice {year}</Button>
                  </div>
                </>
              )}
            </div>
          )}
        </Card>
      )}
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption="Exercices clôturés"
          columns={columns}
          rows={list.data}
          loading={list.isPending}
          getRowKey={(row) => row.id ?? row.year}
          emptyText="Aucun exercice clôturé"
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Clôturer l’exercice ${year ?? ''}`}
        message="Les soldes seront reportés sur l’exercice suivant et plus aucune écriture datée de cet exercice ne sera acceptée. Cette action est définitive."
        confirmLabel="Clôturer"
        loading={confirm.isPending}
        onConfirm={async () => {
          if (!entity || year === null) return;
          try {
            const closing = await confirm.mutateAsync({ entity, year });
            notify.success(`Exercice ${year} clôturé.`);
            setConfirming(false);
            setYear(null);
            const to = closing.id ? paths.page('closings.detail', { closingId: closing.id }) : null;
            if (to) navigate(to);
          } catch (error) {
            notify.error(errorMessage(error));
          }
        }}
      />
    </div>
  );
}
