import { useParams } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { parseIdParam } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Spinner } from '@/shared/ui/spinner';
import { useContribution } from '../api/contributions';
import { ReceiptPanel } from '../components/receipt-panel';

/** /mes-contributions/:id: one of my receipts with its QR code. */
export function MyContributionPage() {
  const id = parseIdParam(useParams().id);
  const query = useContribution(id);
  usePageTitle(query.data ? `Reçu ${query.data.receipt_number}` : 'Reçu', {
    back: useSpacePaths().page('contributions.mine'),
  });
  if (query.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error)}
      </p>
    );
  return (
    <div className="mx-auto max-w-2xl">
      <ReceiptPanel contribution={query.data} />
    </div>
  );
}

export default MyContributionPage;
