import { useParams } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { PrintButton, PrintStyles } from '@/shared/ui/print';
import { useClosing } from '../api/closings';
import { ClosingFigures } from '../components/closing-figures';

/** 'reports-a-nouveau/:closingId': a closed year, each account's carried amount and the result carried. */
export function ClosingDetailPage() {
  const id = Number(useParams().closingId);
  const valid = Number.isInteger(id) && id > 0;
  const closing = useClosing(valid ? id : null);
  const paths = useSpacePaths();
  usePageTitle(closing.data ? `Exercice ${closing.data.year}` : 'Report à nouveau', {
    back: paths.page('closings.list') ?? paths.home,
  });
  if (!valid) return <FormError message="Clôture introuvable." />;
  if (closing.isPending) return <LogoLoader />;
  if (closing.isError) return <FormError message={errorMessage(closing.error)} />;
  const c = closing.data;
  return (
    <div className="closing-print mx-auto max-w-6xl space-y-4">
      <PrintStyles scope="closing-print" />
      <Card
        title={`Clôture de l’exercice ${c.year}`}
        description={`Clôturé${c.closed_at ? ` le ${formatDateTime(c.closed_at)}` : ''}${c.closed_by ? ` par ${c.closed_by}` : ''} · exercice verrouillé`}
        actions={<PrintButton />}
      >
        <ClosingFigures closing={c} />
      </Card>
    </div>
  );
}
