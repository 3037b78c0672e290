import type { EntityType } from '@contract/common';
import type { Church, NationalOffice, Region, Section } from '@contract/org';
import type { Level } from '@/shared/level/level-context';

export type OrgKind = 'national-offices' | 'regions' | 'sections' | 'churches';

export type OrgEntityOf = {
  'national-offices': NationalOffice;
  regions: Region;
  sections: Section;
  churches: Church;
};

/** Any organisation row: the fields past id and name depend on the kind (contract/org.ts). */
export type OrgEntity = { id: number; name: string } & Partial<NationalOffice & Region & Section & Church>;

type KindInfo = {
  endpoint: string;
  entityType: EntityType;
  plural: string;
  singular: string;
  searchPlaceholder: string;
  emptyText: string;
};

export const ORG_KINDS: Record<OrgKind, KindInfo> = {
  'national-offices': {
    endpoint: '/national-offices',
    entityType: 'NATIONAL_OFFICE',
    plural: 'Bureaux nationaux',
    singular: 'Bureau national',
    searchPlaceholder: 'Rechercher un bureau national...',
    emptyText: 'Aucun bureau national trouvé',
  },
  regions: {
    endpoint: '/regions',
    entityType: 'REGION',
    plural: 'Régions',
    singular: 'Région',
    searchPlaceholder: 'Rechercher une région...',
    emptyText: 'Aucune région trouvée',
  },
  sections: {
    endpoint: '/sections',
    entityType: 'SECTION',
    plural: 'Sections',
    singular: 'Section',
    searchPlaceholder: 'Rechercher une section...',
    emptyText: 'Aucune section trouvée',
  },
  churches: {
    endpoint: '/churches',
    entityType: 'CHURCH',
    plural: 'Églises',
    singular: 'Église',
    searchPlaceholder: 'Rechercher une église...',
    emptyText: 'Aucune église',
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
