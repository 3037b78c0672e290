import { useState } from 'react';
import type { DataTableColumn } from '@/shared/ui/data-table';
import { DataTable } from '@/shared/ui/data-table';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel, type Level } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { useOrgList } from '../api/org-list-query';
import { useEntity } from '@/shared/org/entities';
import { EntityLink } from '../components/entity-link';
import { entityOf, ORG_KINDS, targetOf, type OrgEntity, type OrgKind } from '../kinds';
import { FormError } from '@/shared/ui/form-error';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Select } from '@/shared/ui/select';
import { SearchField } from '@/shared/ui/text-field';
import type { ArchivedFilter } from '@contract/org';
import { useOrgAbilities, type OrgAbilities } from '../api/org-abilities';
import { ArchiveDialog } from '../components/archive-dialog';
import { MoveChurchDialog } from '../components/move-church-dialog';
import { OrgFormDialog, type ParentChoice } from '../components/org-form-dialog';
import { levelFilter } from '../kinds';
import { PARENT_KIND } from '../lib/org-form';

export const ORG_PAGE_SIZE = 20;

/** The lists' order when the URL asks none: by name, as the server answers. */
const BY_NAME = { sort: 'name', order: 'asc' } as const;

export type EntityListPageProps = {
  kind: OrgKind;
  /** defaults to the kind's plural, e.g. 'Églises' */
  title?: string;
  /** the kind of the level's entity, to name it under the title (e.g. the section of its churches) */
  parentKind?: OrgKind;
};

const dash = (value: string | null | undefined) => value || '—';

const ARCHIVED_OPTIONS: Array<{ value: ArchivedFilter; label: string }> = [
  { value: 'exclude', label: 'Actives' },
  { value: 'only', label: 'Archivées' },
  { value: 'all', label: 'Toutes' },
];

const NEW_LABEL: Record<OrgKind, string> = {
  'national-offices': 'Nouveau bureau national',
  regions: 'Nouvelle région',
  sections: 'Nouvelle section',
  churches: 'Nouvelle église',
};

/** Where a new entity of `kind` goes at this Level: under the Level's entity, or under a chosen one. */
export function parentChoiceOf(kind: OrgKind, level: Level): ParentChoice | undefined {
  const parentKind = PARENT_KIND[kind];
  if (!parentKind) return undefined;
  if (level.entityType === ORG_KINDS[parentKind].entityType && level.entityId !== null) {
    return { fixed: level.entityId };
  }
  return { pick: true, filter: levelFilter(parentKind, level) };
}

type RowActions = {
  abilities: OrgAbilities;
  onEdit: (row: OrgEntity) => void;
  onArchive: (row: OrgEntity) => void;
  onMove: (row: OrgEntity) => void;
};

function actionsColumn(kind: OrgKind, actions: RowActions): DataTableColumn<OrgEntity> | null {
  const { abilities } = actions;
  if (!abilities.update && !abilities.archive && !abilities.move) return null;
  return {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => (
      <div className="flex flex-wrap justify-end gap-1">
        {abilities.update && !row.archived_at && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => actions.onEdit(row)}
            aria-label={`Modifier ${row.name}`}
          >
            Modifier
          </Button>
        )}
        {abilities.move && kind === 'churches' && !row.archived_at && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => actions.onMove(row)}
            aria-label={`Déplacer ${row.name}`}
          >
            Déplacer
          </Button>
        )}
        {abilities.archive && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => actions.onArchive(row)}
            aria-label={`${row.archived_at ? 'Restaurer' : 'Archiver'} ${row.name}`}
          >
            {row.archived_at ? 'Restaurer' : 'Archiver'}
          </Button>
        )}
      </div>
    ),
  };
}
const count = (value: number | undefined) => (value === undefined ? '—' : String(value));

/** A count's column, sorted on the server (most first on the first click). */
const countColumn = (key: string, header: string, value: (row: OrgEntity) => number | undefined): Column => ({
  key,
  header,
  align: 'right',
  sortKey: key,
  sortFirst: 'desc',
  cell: (row) => count(value(row)),
});

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
    sortKey: 'name',
    cell: (row) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <EntityLink type={info.entityType} target={targetOf(row)} name={row.name} />
        {row.archived_at && <Badge>Archivée</Badge>}
      </span>
    ),
  };
  const leader: Column = {
    key: 'leader',
    header: kind === 'churches' ? 'Pasteur' : kind === 'sections' ? 'Représentant' : 'Président',
    cell: (row) => dash(row.leader?.name),
  };
  const regionLink: Column = {
    key: 'region',
    header: 'Région',
    sortKey: 'region',
    redundantWithin: ['REGION', 'SECTION'],
    cell: (row) =>
      row.region ? <EntityLink type="REGION" target={{ id: row.region.id }} name={row.region.name} /> : '—',
  };
  const columns: Record<OrgKind, Column[]> = {
    'national-offices': [
      name,
      leader,
      countColumn('regions', 'Régions', (row) => row.regions_count),
      countColumn('sections', 'Sections', (row) => row.sections_count),
      countColumn('churches', 'Églises', (row) => row.churches_count),
    ],
    regions: [
      name,
      leader,
      {
        key: 'office',
        header: 'Bureau national',
        sortKey: 'national_office',
        redundantWithin: ['NATIONAL_OFFICE'],
        cell: (row) => dash(row.nationalOffice?.name),
      },
      countColumn('sections', 'Sections', (row) => row.sections_count),
      countColumn('churches', 'Églises', (row) => row.churches_count),
    ],
    sections: [name, leader, regionLink, countColumn('churches', 'Églises', (row) => row.churches_count)],
    churches: [
      name,
      leader,
      { key: 'city', header: 'Ville', sortKey: 'city', cell: (row) => dash(row.city) },
      {
        key: 'section',
        header: 'Section',
        sortKey: 'section',
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
  const [archived, setArchived] = useState<ArchivedFilter>('exclude');
  const sorting = useListSort(info.sorts, BY_NAME);
  // The page belongs to one search, one archive filter and one order: changing any starts again at page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const key = JSON.stringify([debounced, archived, sorting.query]);
  const page = paging.key === key ? paging.page : 1;
  const list = useOrgList(kind, level, {
    search: debounced,
    page,
    limit: ORG_PAGE_SIZE,
    archived,
    ...sorting.query,
  });
  const abilities = useOrgAbilities(kind, level);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OrgEntity | null>(null);
  const [archiving, setArchiving] = useState<OrgEntity | null>(null);
  const [moving, setMoving] = useState<OrgEntity | null>(null);
  const actions = actionsColumn(kind, {
    abilities,
    onEdit: setEditing,
    onArchive: setArchiving,
    onMove: setMoving,
  });
  const columns = [...columnsOf(kind, level), ...(actions ? [actions] : [])];
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="w-full max-w-md">
          <SearchField placeholder={info.searchPlaceholder} value={search} onChange={setSearch} />
        </div>
        <div className="w-full sm:w-44">
          <Select
            label="Afficher"
            options={ARCHIVED_OPTIONS}
            value={archived}
            onChange={(value) => setArchived(value as ArchivedFilter)}
          />
        </div>
        {abilities.create && (
          <Button className="sm:ml-auto" onClick={() => setCreating(true)}>
            {NEW_LABEL[kind]}
          </Button>
        )}
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption={`Liste : ${heading}`}
          columns={columns}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText={debounced ? `Aucun résultat pour « ${debounced} »` : info.emptyText}
          pagination={{
            page,
            limit: list.data?.meta.limit ?? ORG_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => setPaging({ key, page: next }),
          }}
          sorting={sorting.table}
        />
      )}
      <OrgFormDialog
        kind={kind}
        open={creating || editing !== null}
        entity={editing}
        parent={parentChoiceOf(kind, level)}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ArchiveDialog kind={kind} entity={archiving} onClose={() => setArchiving(null)} />
      <MoveChurchDialog
        church={moving}
        onClose={() => setMoving(null)}
        filter={
          level.entityType === 'REGION' && level.entityId !== null ? { region_id: level.entityId } : undefined
        }
      />
    </div>
  );
}

export default EntityListPage;
