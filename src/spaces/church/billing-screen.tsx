import { Link } from 'react-router';
import { useOldestUnpaid } from '@/features/subscriptions/api/subscriptions';
import { usePageTitle } from '@/shared/level/page-title';
import { CHURCH_SUBSCRIPTIONS } from './nav';

/**
 * Shown instead of the church space's pages while the church has an unpaid subscription
 * (SPEC.md section 2): settle the pending invoice, or switch to the personal account.
 */
export function BillingScreen({ churchId, churchName }: { churchId: number; churchName: string }) {
  usePageTitle('Souscription à régler');
  // 'Payer' opens the oldest unpaid subscription's details (the list while it is not known).
  const oldest = useOldestUnpaid(churchId);
  const payPath = oldest.data ? `${CHURCH_SUBSCRIPTIONS}/${oldest.data}` : CHURCH_SUBSCRIPTIONS;
  return (
    <div className="mx-auto max-w-xl">
      <section
        aria-labelledby="billing-title"
        className="rounded-xl border border-amber-200 bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <div
          aria-hidden="true"
          className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2}>
            <path d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
            <path d="M2 10h20" />
          </svg>
        </div>
        <h2 id="billing-title" className="mt-4 text-xl font-semibold text-slate-900">
          Une facture est en attente de paiement
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          La souscription de l’église <span className="font-medium text-slate-900">{churchName}</span> n’est
          pas réglée. Réglez la facture en attente pour continuer à utiliser l’espace de votre église.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={payPath}
            className="inline-flex h-10 items-center justify-center rounded-md bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700"
          >
            Payer
          </Link>
          <Link
            to="/dashboard"
            className="inline-flex h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Passer à mon compte personnel
          </Link>
        </div>
      </section>
    </div>
  );
}
