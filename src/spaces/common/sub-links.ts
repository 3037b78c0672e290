import type { DetailLink } from '@/features/org/pages/entity-detail-page';

/** The sections an entity's page may link to, by URL segment (ROUTES.md). */
const LABELS: Record<string, string> = {
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
};

/** Links to `{base}/{segment}`; the detail page shows those whose page exists. */
export function subLinks(base: string, segments: string[]): DetailLink[] {
  return segments.map((segment) => ({ label: LABELS[segment] ?? segment, to: `${base}/${segment}` }));
}
