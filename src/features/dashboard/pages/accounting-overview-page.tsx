import { Link } from 'react-router';
import type { PageId } from '@/shared/routing/page-route';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { EntityDashboard } from '../components/entity-dashboard';

/** The accounting pages the overview opens, when the space shows them at this Level. */
const PAGES: Array<{ page: PageId; label: string; description: string }> = [
  { page: 'contributions.list', label: 'Recettes', description: 'Les recettes enregistrées' },
  { page: 'expenses.list', label: 'Dépenses', description: 'Les demandes de dépense et leurs paiements' },
  {
    page: 'journals.index',
    label: 'Pièces comptables',
    description: 'Journaux, grand livre et rapport financier',
  },
  { page: 'budgets.current', label: 'Budget', description: 'Le budget de l’exercice et la vue consolidée' },
  { page: 'fixed-assets.list', label: 'Immobilisations', description: 'Le registre et les amortissements' },
  { page: 'closings.list', label: 'Reports à nouveau', description: 'La clôture de l’exercice' },
];

/**
 * The accounting overview of the national office (/mon-bureau-national/espace-comptable): the office's
 * own treasury, its pending requests and budget (GET /dashboard at the office's Level, without the
 * regions' ranking of the home), and the accounting pages.
 */
export function AccountingOverviewPage() {
  const paths = useSpacePaths();
  usePageTitle('Espace comptable', { back: paths.here });
  const links = PAGES.flatMap((item) => {
    const to = paths.page(item.page);
    return to ? [{ ...item, to }] : [];
  });
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <EntityDashboard ranking={false} />
      {links.length > 0 && (
        <section aria-labelledby="accounting-pages" className="space-y-3">
          <h2 id="accounting-pages" className="text-lg font-semibold text-slate-900">
            La comptabilité
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {links.map((item) => (
              <li key={item.page}>
                <Link
                  to={item.to}
                  className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
                >
                  <span className="font-semibold text-slate-900">{item.label}</span>
                  <span className="mt-0.5 text-sm text-slate-600">{item.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
