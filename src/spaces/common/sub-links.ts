import type { DetailLink } from '@/features/org/pages/entity-detail-page';
import type { PageId } from '@/shared/routing/page-route';

/** The sections an entity's page may link to, by the page they open (ROUTES.md). */
const LABELS = {
  'org.regions': 'Régions',
  'org.sections': 'Sections',
  'org.churches': 'Églises',
  'contributions.list': 'Recettes',
  'expenses.list': 'Dépenses',
  'activities.reports': 'Rapports d’activités',
  'members.office': 'Membres',
  'faithful.list': 'Fidèles',
  'subscriptions.list': 'Souscriptions',
  'activities.groups': 'Groupes d’activités',
  'activities.types': 'Types d’activités',
  'accounts.forbidden': 'Comptes interdits',
} as const satisfies Partial<Record<PageId, string>>;

/** A page below an entity's page, by its name. */
export type SubLink = keyof typeof LABELS;

/** The links of an entity's page; the page shows those the space has at the entity's Level. */
export function subLinks(pages: readonly SubLink[]): DetailLink[] {
  return pages.map((page) => ({ label: LABELS[page], page }));
}
