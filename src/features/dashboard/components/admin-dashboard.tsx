import type { AdminDashboard as Figures } from '@contract/dashboard';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { BlockSpinner } from '@/shared/ui/spinner';
import { useAdminDashboard } from '../api/dashboard';
import { auditLabel } from '../lib/audit-labels';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** The administrator's home (/admin): the whole installation, one GET /dashboard/admin. */
export function AdminDashboard() {
  const dashboard = useAdminDashboard();
  if (dashboard.isPending) return <BlockSpinner />;
  if (dashboard.isError) return <FormError message={errorMessage(dashboard.error)} />;
  return <AdminFigures data={dashboard.data} />;
}

function AdminFigures({ data }: { data: Figures }) {
  const { counts, sessions } = data;
  return (
    <div className="space-y-4" aria-label="Tableau de bord">
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <Card title="Organisation">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*]:min-w-0">
            <Count label="Bureaux nationaux" value={counts.national_offices} />
            <Count label="Régions" value={counts.regions} />
            <Count label="Sections" value={counts.sections} />
            <Count label="Églises" value={counts.churches} />
            <Count label="Départements" value={counts.departments} />
          </dl>
        </Card>
        <Card title="Utilisateurs">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*]:min-w-0">
            <Count label="Comptes actifs" value={counts.users} />
            <Count label="Fidèles" value={counts.faithful} />
            <Count label="Comptables externes" value={counts.external_accountants} />
          </dl>
        </Card>
        <Card title="Connexions">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*]:min-w-0">
            <Count label="Sessions ouvertes" value={sessions.active} />
            <Count label="Utilisateurs vus depuis 24 h" value={sessions.users_today} />
            <Count label="Échecs de connexion depuis 24 h" value={sessions.failed_logins_today} />
          </dl>
        </Card>
        <Card title="À suivre">
          <dl className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
            <Count label="Souscriptions impayées" value={data.unpaid_subscriptions.count} />
            <div className="min-w-0">
              <dt className="text-sm text-slate-600">Montant impayé</dt>
              <dd className="text-lg font-semibold text-slate-900">
                <Money amount={data.unpaid_subscriptions.amount} wrap />
              </dd>
            </div>
            <Count label="Transferts de fidèles en attente" value={data.pending_transfers} />
          </dl>
        </Card>
      </div>
      <Card title="Dernières opérations">
        {data.audit.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune opération enregistrée.</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm">
            {data.audit.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">{auditLabel(entry.action)}</span>
                  {entry.entity_id !== null && (
                    <span className="text-slate-600"> · n° {entry.entity_id}</span>
                  )}
                  <span className="block text-slate-600">{entry.user ?? 'Système'}</span>
                </span>
                <time dateTime={entry.created_at} className="text-slate-600">
                  {formatDateTime(entry.created_at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
