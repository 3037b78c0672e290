import type { EntityType } from '@contract/common';
import type { Church, NationalOffice, Region, Section } from '@contract/org';
import { CHURCH_SORTS, NATIONAL_OFFICE_SORTS, REGION_SORTS, SECTION_SORTS } from '@contract/values/org';
import type { Level } from '@/shared/level/level-context';
import { ORG_ENDPOINTS, type OrgKind as AnyOrgKind } from '@/shared/org/entities';

/** The kinds the organisation pages list (departments have pages of their own). */
export type OrgKind = Exclude<AnyOrgKind, 'departments'>;

export type OrgEntityOf = {
  'national-offices': NationalOffice;
  regions: Region;
  sections: Section;
  churches: Church;
};

/** Any organisation row: the fields past id and name depend on the kind (contract/org.ts). */
export type OrgEntity = { id: number; name: string } & Partial<NationalOffice & Region & Section & Church>;

type KindInfo = {
  /** the list and detail endpoint (the shared organisation table) */
  endpoint: string;
  entityType: EntityType;
  plural: string;
  singular: string;
  searchPlaceholder: string;
  emptyText: string;
  /** the orders its list may ask the server (`?sort=`), by name by default */
  sorts: readonly string[];
};

const endpointsOf = (kind: OrgKind) => ({
  endpoint: ORG_ENDPOINTS[kind].list,
  entityType: ORG_ENDPOINTS[kind].entityType,
});

export const ORG_KINDS: Record<OrgKind, KindInfo> = {
  'national-offices': {
    ...endpointsOf('national-offices'),
    plural: 'Bureaux nationaux',
    singular: 'Bureau national',
    searchPlaceholder: 'Rechercher un bureau national...',
    emptyText: 'Aucun bureau national trouvé',
    sorts: NATIONAL_OFFICE_SORTS,
  },
  regions: {
    ...endpointsOf('regions'),
    plural: 'Régions',
    singular: 'Région',
    searchPlaceholder: 'Rechercher une région...',
    emptyText: 'Aucune région trouvée',
    sorts: REGION_SORTS,
  },
  sections: {
    ...endpointsOf('sections'),
    plural: 'Sections',
    singular: 'Section',
    searchPlaceholder: 'Rechercher une section...',
    emptyText: 'Aucune section trouvée',
    sorts: SECTION_SORTS,
  },
  churches: {
    ...endpointsOf('churches'),
    plural: 'Églises',
    singular: 'Église',
    searchPlaceholder: 'Rechercher une église...',
    emptyText: 'Aucune église',
    sorts: CHURCH_SORTS,
  },
};

/**
 * The filter narrowing a list to the current level (contract/org.ts list queries). A level the
 * call cannot filter on (e.g. the churches of a national office) lets the server scope the answer.
 */
export function levelFilter(kind: OrgKind, level: Level): Record<string, number> {
  const id = level.entityId;
  if (id === null) return {};
  switch (kind) {
    case 'regions':
      return level.entityType === 'NATIONAL_OFFICE' ? { national_office_id: id } : {};
    case 'sections':
      return level.entityType === 'REGION' ? { region_id: id } : {};
    case 'churches':
      if (level.entityType === 'SECTION') return { section_id: id };
      if (level.entityType === 'REGION') return { region_id: id };
      return {};
    default:
      return {};
  }
}

/** Where a row hangs, for the space's path helpers. */
export function targetOf(row: OrgEntity) {
  return {
    id: row.id,
    section_id: row.section_id ?? row.section?.id ?? null,
    region_id: row.region_id ?? row.region?.id ?? null,
    national_office_id: row.national_office_id ?? row.nationalOffice?.id ?? null,
  };
}

/** The Level of one entity of a kind (none without an id). */
export const entityOf = (kind: OrgKind, id: number | null) =>
  id === null ? null : { entityType: ORG_ENDPOINTS[kind].entityType, entityId: id };
