import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FaithfulSummary } from '@contract/faithful';
import { FAITHFUL_SORTS } from '@contract/values/faithful';
import { errorMessage } from '@/shared/lib/errors';
import { ExportButton } from '@/shared/ui/print';
import { formatPhone, PHONE_MISSING } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel } from '@/shared/level/level-context';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { SearchField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { FAITHFUL_PAGE_SIZE, fetchAllFaithful, useFaithfulList } from '../api/faithful';
import { ImportDialog } from '../components/import-dialog';
import { exportFaithfulCandidates, exportFaithfulList } from '../lib/export';
import { GENDER_LABELS } from '../lib/labels';
import { faithfulEntity, FAITHFUL_CODES } from '../lib/permissions';

export const EXPORT_LIMIT = 10_000;

/**
 * The faithful of the current level (church, section, region, national office, or all for the admin):
 * searched on the server (500 ms after the last key), paginated, exported to xlsx.
 */
export function FaithfulListPage() {
  const title = 'Fidèles';
  const paths = useSpacePaths();
  usePageTitle(title, { back: paths.here });
  const level = useLevel();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const sorting = useListSort(FAITHFUL_SORTS, { sort: 'name', order: 'asc' });
  // a page belongs to one search and one order: changing either starts again at page 1
  const pagingKey = JSON.stringify([debounced, sorting.query]);
  const [paging, setPaging] = useState({ key: JSON.stringify(['', {}]), page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const [importOpen, setImportOpen] = useState(false);

  const permissions = usePermissions([FAITHFUL_CODES.CREATE, FAITHFUL_CODES.UPDATE], faithfulEntity(level));
  const list = useFaithfulList(level, {
    search: debounced,
    page,
    limit: FAITHFUL_PAGE_SIZE,
    ...sorting.query,
  });
  const churchLevel = level.entityType === 'CHURCH' && level.entityId !== null;
  const canCreate = permissions.has(FAITHFUL_CODES.CREATE);
  const place = churchLevel ? (list.data?.data[0]?.church?.name ?? 'eglise') : title;

  const addPath = paths.page('faithful.new');
  const transferPath = paths.page('faithful.transfer');
  // The faithful's page at this Level, else under their church where the space shows it.
  const detailOf = (row: FaithfulSummary): string | null =>
    paths.page('faithful.detail', { faithfullId: row.id }) ??
    (row.church
      ? paths.pageOf(
          { type: 'CHURCH', target: { id: row.church.id, section_id: row.section_id } },
          'faithful.detail',
          { faithfullId: row.id },
        )
      : null);

  const columns: DataTableColumn<FaithfulSummary>[] = [
    {
      key: 'registration_number',
      header: 'Matricule',
      sortKey: 'registration_number',
      className: 'whitespace-nowrap',
      cell: (row) => row.registration_number ?? '—',
    },
    {
      key: 'name',
      header: 'Nom et prénom',
      sortKey: 'name',
      cell: (row) => {
        return (
          <MaybeLink to={detailOf(row)} textClassName="font-medium">
            {`${row.lastname} ${row.firstname}`}
          </MaybeLink>
        );
      },
    },
    {
      key: 'phone',
      header: 'Téléphone',
      sortKey: 'phone',
      className: 'whitespace-nowrap',
      cell: (row) => {
        const phone = formatPhone(row.phone);
        return phone === PHONE_MISSING ? <span className="text-slate-500">{phone}</span> : phone;
      },
    },
    { key: 'email', header: 'Email', sortKey: 'email', cell: (row) => row.email ?? '—' },
    { key: 'gender', header: 'Sexe', cell: (row) => (row.gender ? GENDER_LABELS[row.gender] : '—') },
    ...(churchLevel
      ? []
      : [{ key: 'church', header: 'Église', cell: (row: FaithfulSummary) => row.church?.name ?? '—' }]),
  ];

  const runExport = async (kind: 'list' | 'candidates') => {
    const { rows, total } = await fetchAllFaithful(level, debounced, EXPORT_LIMIT, sorting.query);
    if (kind === 'list') await exportFaithfulList(rows, place);
    else await exportFaithfulCandidates(rows, place);
    if (total > rows.length) notify.info(`Seuls les ${rows.length} premiers fidèles ont été exportés.`);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <SearchField
            placeholder="Nom, téléphone, email ou matricule…"
            value={search}
            onChange={setSearch}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {addPath && canCreate && <Button onClick={() => navigate(addPath)}>Nouveau fidèle</Button>}
          {churchLevel && canCreate && (
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              Importer
            </Button>
          )}
          {transferPath && (
            <Button variant="secondary" onClick={() => navigate(transferPath)}>
              Transferts
            </Button>
          )}
          <ExportButton disabled={!list.data?.meta.total} onExport={() => runExport('list')} />
          <ExportButton
            disabled={!list.data?.meta.total}
            onExport={() => runExport('candidates')}
            label="Exporter les candidats"
          />
        </div>
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption="Liste des fidèles"
          columns={columns}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText={debounced ? `Aucun fidèle trouvé pour « ${debounced} »` : 'Aucun fidèle trouvé'}
          pagination={{
            page,
            limit: list.data?.meta.limit ?? FAITHFUL_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => setPaging({ key: pagingKey, page: next }),
          }}
          sorting={sorting.table}
        />
      )}
      {churchLevel && canCreate && (
        <ImportDialog
          churchId={level.entityId!}
          churchName={list.data?.data[0]?.church?.name}
          open={importOpen}
          onOpenChange={setImportOpen}
        />
      )}
    </div>
  );
}

export default FaithfulListPage;
