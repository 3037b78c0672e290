import { Link } from 'react-router';
import { usePageTitle } from '@/shared/level/page-title';
import type { PageId } from '@/shared/routing/page-route';
import { useSpacePaths } from '@/shared/routing/space-paths';

export const DOCUMENTS = [
  {
    page: 'journals.general',
    label: 'Journaux',
    description: 'Toutes les recettes et tous les paiements de la période, tous comptes confondus.',
  },
  {
    page: 'journals.account',
    label: 'Journal d’un compte',
    description: 'Les mouvements d’un compte d’opération avec son solde.',
  },
  {
    page: 'journals.treasury',
    label: 'Journal de trésorerie',
    description: 'Caisse, banque ou électronique : les opérations et le solde au jour le jour.',
  },
  {
    page: 'journals.report',
    label: 'Rapport financier',
    description: 'Recettes et dépenses par compte, résultat et trésorerie de la période.',
  },
] as const satisfies readonly { page: PageId; label: string; description: string }[];

/** /pieces-comptables: the four accounting documents of the level. */
export function DocumentsIndexPage() {
  const paths = useSpacePaths();
  usePageTitle('Pièces comptables', { back: paths.here });
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {DOCUMENTS.map((document) => (
        <li key={document.page}>
          <Link
            to={paths.page(document.page) ?? ''}
            className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50/40 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <span className="block font-semibold text-slate-900">{document.label}</span>
            <span className="mt-1 block text-sm text-slate-600">{document.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
