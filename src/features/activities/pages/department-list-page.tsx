import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Department } from '@contract/org';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { DataTable, pagesOf, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { PageSection } from '@/shared/ui/page-section';
import { TextField } from '@/shared/ui/text-field';
import { useDepartments } from '../api/activities';
import { useMayCreate } from '../lib/permissions';

/**
 * The departments (activity groups) of the Level, or every department the user sees without one (admin):
 * choir, youth, women... Each opens its dashboard where the space has one.
 */
export function DepartmentListPage({ title = 'Départements' }: { title?: string }) {
  const paths = useSpacePaths();
  usePageTitle(title, { back: paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), 400);
  const list = useDepartments(entity, debounced, page);
  const addPath = paths.page('activities.groupNew');
  const mayCreate = useMayCreate('department', addPath).allowed;
  const dashboard = (d: Department) =>
    paths.pageOf({ type: 'ACTIVITY_GROUP', target: { id: d.id } }, 'activities.department');

  const columns: DataTableColumn<Department>[] = [
    {
      key: 'name',
      header: 'Département',
      mobile: 'title',
      cell: (d) => {
        return (
          <MaybeLink
            to={dashboard(d)}
            className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
          >
            {d.name}
          </MaybeLink>
        );
      },
    },
    { key: 'description', header: 'Description', cell: (d) => d.description ?? '—' },
    { key: 'entity', header: 'Rattaché à', cell: (d) => d.entity?.name ?? '—' },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageSection
        title={title}
        actions={
          <>
            <Button
              variant="secondary"
              disabled={!list.data?.data.length}
              onClick={() =>
                exportToXlsx({
                  fileName: 'departements.xlsx',
                  sheetName: 'Départements',
                  rows: list.data?.data ?? [],
                  columns: [
                    { header: 'Département', value: (d) => d.name },
                    { header: 'Description', value: (d) => d.description },
                    { header: 'Rattaché à', value: (d) => d.entity?.name },
                  ],
                })
              }
            >
              Exporter
            </Button>
            {addPath && mayCreate && <Button onClick={() => navigate(addPath)}>Nouveau département</Button>}
          </>
        }
      >
        <div className="max-w-sm">
          <TextField
            label="Rechercher"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <FormError message={list.isError ? errorMessage(list.error) : null} />
        <DataTable
          caption="Liste des départements"
          columns={columns}
          rows={list.data?.data}
          loading={list.isLoading}
          pagination={pagesOf(list.data, page, setPage)}
        />
      </PageSection>
    </div>
  );
}
