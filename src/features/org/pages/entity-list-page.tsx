import { useState } from 'react';
import type { DataTableColumn } from '@/shared/ui/data-table';
import { DataTable } from '@/shared/ui/data-table';
import { TextField } from '@/shared/ui/text-field';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel, type Level } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useOrgList } from '../api/org-list-query';
import { useEntity } from '@/shared/org/entities';
import { EntityLink } from '../components/entity-link';
import { entityOf, ORG_KINDS, targetOf, type OrgEntity, type OrgKind } from '../kinds';
import { FormError } from '@/shared/ui/form-error';

export const ORG_PAGE_SIZE = 20;

export type EntityListPageProps = {
  kind: OrgKind;
  /** defaults to the kind's plural, e.g. 'Églises' */
  title?: string;
  /** the kind of the level's entity, to name it under the title (e.g. the section of its churches) */
  parentKind?: OrgKind;
};

const dash = (value: string | null | undefined) => value || '—';
const count = (value: number | undefined) => (value === undefined ? '—' : String(value));

type Column = DataTableColumn<OrgEntity> & {
  /** levels at which the column would repeat the same parent on every row */
  redundantWithin?: Level['entityType'][];
};

/** The columns of a kind, without a parent column when the list is already that parent's. */
function columnsOf(kind: OrgKind, level: Level): DataTableColumn<OrgEntity>[] {
  const info = ORG_KINDS[kind];
  const name: Column = {
    key: 'name',
    header: 'Nom',
    cell: (row) => <EntityLink type={info.entityType} target={targetOf(row)} name={row.name} />,
  };
  const regionLink: Column = {
    key: 'region',
    header: 'Région',
    redundantWithin: ['REGION', 'SECTION'],
    cell: (row) =>
      row.region ? <EntityLink type="REGION" target={{ id: row.region.id }} name={row.region.name} /> : '—',
  };
  const columns: Record<OrgKind, Column[]> = {
    'national-offices': [
      name,
      { key: 'regions', header: 'Régions', align: 'right', cell: (row) => count(row.regions_count) },
      { key: 'sections', header: 'Sections', align: 'right', cell: (row) => count(row.sections_count) },
      { key: 'churches', header: 'Églises', align: 'right', cell: (row) => count(row.churches_count) },
    ],
    regions: [
      name,
      {
        key: 'office',
        header: 'Bureau national',
        redundantWithin: ['NATIONAL_OFFICE'],
        cell: (row) => dash(row.nationalOffice?.name),
      },
      { key: 'sections', header: 'Sections', align: 'right', cell: (row) => count(row.sections_count) },
      { key: 'churches', header: 'Églises', align: 'right', cell: (row) => count(row.churches_count) },
    ],
    sections: [
      name,
      regionLink,
      { key: 'churches', header: 'Églises', align: 'right', cell: (row) => count(row.churches_count) },
    ],
    churches: [
      name,
      { key: 'city', header: 'Ville', cell: (row) => dash(row.city) },
      {
        key: 'section',
        header: 'Section',
        redundantWithin: ['SECTION'],
        cell: (row) =>
          row.section ? (
            <EntityLink
              type="SECTION"
              target={{ id: row.section.id, region_id: row.region?.id ?? null }}
              name={row.section.name}
            />
          ) : (
            '—'
          ),
      },
      regionLink,
    ],
  };
  return columns[kind]
    .filter((column) => !column.redundantWithin?.includes(level.entityType))
    .map(({ redundantWithin: _redundant, ...column }) => column);
}

/**
 * A paginated, searchable list of national offices, regions, sections or churches, narrowed to the
 * current level. Written once, mounted by every space that lists them.
 */
export function EntityListPage({ kind, title, parentKind }: EntityListPageProps) {
  const info = ORG_KINDS[kind];
  const back = useSpacePaths().here;
  const level = useLevel();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  // The page belongs to one search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debounced ? paging.page : 1;

  const list = useOrgList(kind, level, { search: debounced, page, limit: ORG_PAGE_SIZE });
  const parent = useEntity<OrgEntity>(parentKind ? entityOf(parentKind, level.entityId) : null);
  const heading = title ?? info.plural;
  usePageTitle(parentKind && parent.data ? `${heading} - ${parent.data.name}` : heading, { back });

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      {parentKind && parent.data && (
        <p className="text-sm text-slate-600">
          {ORG_KINDS[parentKind].singular} :{' '}
          <span className="font-medium text-slate-900">{parent.data.name}</span>
        </p>
      )}
      <div className="max-w-md">
        <TextField
          label="Rechercher"
          type="search"
          placeholder={info.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption={`Liste : ${heading}`}
          columns={columnsOf(kind, level)}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText={debounced ? `Aucun résultat pour « ${debounced} »` : info.emptyText}
          pagination={{
            page,
            limit: list.data?.meta.limit ?? ORG_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => setPaging({ search: debounced, page: next }),
          }}
        />
      )}
    </div>
  );
}

export default EntityListPage;
