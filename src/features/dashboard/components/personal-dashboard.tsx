import { Link } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { formatDate } from '@/shared/lib/format';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Spinner } from '@/shared/ui/spinner';
import { usePersonalDashboard } from '../api/dashboard';

/** The member's own giving (the personal space's /dashboard): one GET /dashboard/me. */
export function PersonalDashboard() {
  const dashboard = usePersonalDashboard();
  const paths = useSpacePaths();
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) return <FormError message={errorMessage(dashboard.error)} />;
  const d = dashboard.data;
  const receipt = (id: number) => paths.page('contributions.my-receipt', { id });
  return (
    <Card title="Mes dons">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Ce mois-ci</dt>
          <dd className="text-lg font-semibold text-slate-900">
            <Money amount={d.month.amount} wrap />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Depuis le 1er janvier ({d.year.count} dons)</dt>
          <dd className="text-lg font-semibold text-slate-900">
            <Money amount={d.year.amount} wrap />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">L’an dernier à la même date</dt>
          <dd className="text-lg font-semibold text-slate-900">
            <Money amount={d.year_last_year.amount} wrap />
          </dd>
        </div>
      </dl>
      {d.last && (
        <p className="mt-3 text-sm text-slate-700">
          Dernier don : <Money amount={d.last.amount} /> le {formatDate(d.last.date)}
          {receipt(d.last.id) && (
            <>
              {' — '}
              <Link to={receipt(d.last.id)!} className="font-medium text-brand-700 underline">
                voir le reçu {d.last.receipt_number}
              </Link>
            </>
          )}
        </p>
      )}
    </Card>
  );
}
