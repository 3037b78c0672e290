import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { UserDetail } from '@contract/faithful';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatPhone, PHONE_MISSING } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { Badge } from '@/shared/ui/badge';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { useFaithful } from '../api/faithful';
import { GENDER_LABELS, TRANSFER_STATUS_LABELS } from '../lib/labels';
import { churchEntity, FAITHFUL_CODES } from '../lib/permissions';

const linkClass =
  'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

const names = (list: { id: number; name: string }[]) =>
  list.length ? list.map((x) => x.name).join(', ') : '—';

const transferTone = { pending: 'amber', accepted: 'green', rejected: 'red', cancelled: 'gray' } as const;

function Detail({ user }: { user: UserDetail }) {
  const paths = useSpacePaths();
  const permissions = usePermissions([FAITHFUL_CODES.UPDATE], churchEntity(user.church?.id));
  const contributionsPath = paths.page('contributions.faithful', { faithfullId: user.id });
  const editPath = paths.page('faithful.edit', { faithfullId: user.id });
  const phone = formatPhone(user.phone);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap gap-2">
        {contributionsPath && (
          <Link to={contributionsPath} className={`${linkClass} bg-brand-600 text-white hover:bg-brand-700`}>
            Contributions
          </Link>
        )}
        {editPath && permissions.has(FAITHFUL_CODES.UPDATE) && (
          <Link
            to={editPath}
            className={`${linkClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            Modifier
          </Link>
        )}
        {user.phone && (
          <a
            href={`sms:${user.phone}`}
            className={`${linkClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            Envoyer SMS
          </a>
        )}
      </div>
      {user.pending_transfer && (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Transfert en attente vers {user.pending_transfer.to_church.name} (demandé le{' '}
          {formatDate(user.pending_transfer.requested_at)}).
        </p>
      )}
      <Card title="Identité">
        <dl className="divide-y divide-slate-100">
          <Row label="Matricule">{user.registration_number ?? '—'}</Row>
          <Row label="Nom">{user.lastname}</Row>
          <Row label="Prénom">{user.firstname}</Row>
          <Row label="Téléphone">
            {phone === PHONE_MISSING ? <span className="text-slate-500">{phone}</span> : phone}
          </Row>
          <Row label="Email">{user.email ?? '—'}</Row>
          <Row label="Sexe">{user.gender ? GENDER_LABELS[user.gender] : '—'}</Row>
          <Row label="Date de naissance">{user.birth_date ? formatDate(user.birth_date) : '—'}</Row>
          <Row label="Adresse">{user.address ?? '—'}</Row>
        </dl>
      </Card>
      <Card title="Rattachement">
        <dl className="divide-y divide-slate-100">
          <Row label="Église">{user.church?.name ?? '—'}</Row>
          <Row label="Section">{user.section?.name ?? '—'}</Row>
          <Row label="Région">{user.region?.name ?? '—'}</Row>
          <Row label="Bureau national">{user.nationalOffice?.name ?? '—'}</Row>
          <Row label="Rôles">
            {user.roles.length ? (
              <span className="flex flex-wrap gap-1">
                {user.roles.map((role) => (
                  <Badge key={role.id} tone="blue">
                    {role.name}
                  </Badge>
                ))}
              </span>
            ) : (
              'Aucun rôle assigné'
            )}
          </Row>
          {(user.churches.length > 0 ||
            user.sections.length > 0 ||
            user.regions.length > 0 ||
            user.nationalOffices.length > 0) && (
            <Row label="Responsabilités">
              {[
                user.nationalOffices.length ? `Bureaux nationaux : ${names(user.nationalOffices)}` : null,
                user.regions.length ? `Régions : ${names(user.regions)}` : null,
                user.sections.length ? `Sections : ${names(user.sections)}` : null,
                user.churches.length ? `Églises : ${names(user.churches)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Row>
          )}
        </dl>
      </Card>
      {user.transfers.length > 0 && (
        <Card title="Historique des transferts">
          <ul className="divide-y divide-slate-100 text-sm">
            {user.transfers.map((transfer) => (
              <li key={transfer.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {transfer.from_church.name} → {transfer.to_church.name}
                  <span className="text-slate-500"> · {formatDate(transfer.requested_at)}</span>
                </span>
                <Badge tone={transferTone[transfer.status]}>{TRANSFER_STATUS_LABELS[transfer.status]}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

/** 'fideles/:faithfullId': the faithful's record, with links to their contributions and the edit page. */
export function FaithfulDetailPage() {
  const id = Number(useParams().faithfullId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useFaithful(valid ? id : null);
  const back = useSpacePaths().page('faithful.list');
  usePageTitle(user.data ? `${user.data.firstname} ${user.data.lastname}` : 'Fidèle', { back });
  if (!valid) return <FormError message="Fidèle introuvable." />;
  if (user.isPending) return <LogoLoader />;
  if (user.isError) return <FormError message={errorMessage(user.error)} />;
  return <Detail user={user.data} />;
}
