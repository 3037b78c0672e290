import { Link, useParams } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { parseIdParam } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Spinner } from '@/shared/ui/spinner';
import { useCheckout } from '../api/giving';
import { CheckoutProgress } from '../components/checkout-progress';

const link =
  'inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50';

/** /mes-contributions/donner/:checkoutId: back from LigdiCash, the gift followed until its receipt. */
export function GiveStatusPage() {
  const id = parseIdParam(useParams().checkoutId);
  const paths = useSpacePaths();
  usePageTitle('Mon don', { back: paths.page('contributions.mine') ?? paths.here });
  const checkout = useCheckout(id);
  if (checkout.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  if (checkout.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(checkout.error)}
      </p>
    );
  const c = checkout.data;
  const receiptPage = c.contribution
    ? paths.page('contributions.my-receipt', { id: c.contribution.id })
    : null;
  const giveAgain = paths.page('giving.give');
  return (
    <CheckoutProgress
      status={c.status}
      amount={c.amount}
      type={c.type}
      recipient={c.entity.name}
      receipt={c.contribution}
      reason={c.status === 'failed' || c.status === 'expired' ? c.failure_reason : null}
      actions={
        <>
          {receiptPage && (
            <Link to={receiptPage} className={link}>
              Voir le reçu
            </Link>
          )}
          {c.status !== 'paid' && c.status !== 'pending' && giveAgain && (
            <Link to={giveAgain} className={link}>
              Donner à nouveau
            </Link>
          )}
          {paths.page('contributions.mine') && (
            <Link to={paths.page('contributions.mine')!} className={link}>
              Mes contributions
            </Link>
          )}
        </>
      }
    />
  );
}

export default GiveStatusPage;
