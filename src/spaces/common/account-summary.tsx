import type { Account } from '@contract/auth';
import { Card } from '@/shared/ui/card';
import { formatPhone, fullName } from '@/shared/lib/format';

/** The signed-in user's own record, as the server knows it (SPEC.md section 3, User). */
export function AccountSummary({ account }: { account: Account }) {
  const rows: Array<[string, string]> = [
    ['Nom', fullName(account)],
    ['Matricule', account.registration_number?.trim() || 'Non renseigné'],
    ['Téléphone', formatPhone(account.phone)],
    ['Email', account.email?.trim() || 'Non renseigné'],
    ['Église', account.faithfulChurch?.name ?? 'Non renseigné'],
  ];
  return (
    <Card title="Mes informations">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
            <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
