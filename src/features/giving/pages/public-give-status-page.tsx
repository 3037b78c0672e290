import { Link, useParams } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { Spinner } from '@/shared/ui/spinner';
import { usePublicCheckout } from '../api/giving';
import { CheckoutProgress } from '../components/checkout-progress';
import { PublicLayout } from '../components/public-layout';
import { receiptUrl } from '../lib/labels';

const link =
  'inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50';

/** /donner/:code/merci/:publicId: a guest back from LigdiCash, the gift followed until its receipt. */
export function PublicGiveStatusPage() {
  const { code = '', publicId = '' } = useParams();
  const checkout = usePublicCheckout(publicId);
  if (checkout.isPending)
    return (
      <PublicLayout title="Votre don">
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      </PublicLayout>
    );
  if (checkout.isError)
    return (
      <PublicLayout title="Votre don">
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(checkout.error)}
        </p>
      </PublicLayout>
    );
  const c = checkout.data;
  return (
    <PublicLayout title="Votre don">
      <CheckoutProgress
        status={c.status}
        amount={c.amount}
        type={c.type}
        recipient={c.church_name}
        receipt={c.receipt}
        actions={
          <>
            {c.receipt && (
              <a href={receiptUrl(c.receipt.public_id)} className={link}>
                Vérifier le reçu
              </a>
            )}
            {c.status !== 'pending' && c.status !== 'started' && (
              <Link to={`/donner/${code}`} className={link}>
                Faire un autre don
              </Link>
            )}
          </>
        }
      />
    </PublicLayout>
  );
}

export default PublicGiveStatusPage;
