import type { DetailLink } from '@/features/org/pages/entity-detail-page';

/** The sections an entity's page may link to, by URL segment (ROUTES.md). */
const LABELS = {
  regions: 'Régions',
  sections: 'Sections',
  eglises: 'Églises',
  recettes: 'Recettes',
  depenses: 'Dépenses',
  'rapport-activites': 'Rapports d’activités',
  membres: 'Membres',
  fideles: 'Fidèles',
  souscriptions: 'Souscriptions',
  'groupe-activites': 'Groupes d’activités',
  'type-activites': 'Types d’activités',
  'comptes-interdits': 'Comptes interdits',
} as const;

/** The URL segment of a section below an entity's page, e.g. 'recettes'. */
export type SubLinkSegment = keyof typeof LABELS;

/** Links to `{base}/{segment}`; the detail page shows those whose page exists. */
export function subLinks(base: string, segments: readonly SubLinkSegment[]): DetailLink[] {
  return segments.map((segment) => ({ label: LABELS[segment], to: `${base}/${segment}` }));
}
