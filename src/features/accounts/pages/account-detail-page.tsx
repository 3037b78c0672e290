import { useState } from 'react';
import { useParams } from 'react-router';
import { TREASURY_KIND_LABELS } from '@contract/values/accounts';
import { errorMessage } from '@/shared/lib/errors';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { notify, toastWrite } from '@/shared/ui/toast';
import { useAccount, useArchiveAccount, useUpdateAccount } from '../api/accounts';
import { AccountForm } from '../components/account-form';
import { accountClass, accountFormValues, toAccountBody } from '../lib/form';

/** 'comptes-operation/:id': an account, edited; archived or restored (never deleted). */
export function AccountDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const account = useAccount(valid ? id : null);
  const paths = useSpacePaths();
  usePageTitle(account.data ? `${account.data.code} — ${account.data.name}` : "Compte d'opération", {
    back: paths.page('accounts.list') ?? paths.home,
  });
  const update = useUpdateAccount(id);
  const archive = useArchiveAccount(id);
  const can = usePermissions(['operation_account:update']);
  const [confirm, setConfirm] = useState(false);
  if (!valid) return <FormError message="Compte d'opération introuvable." />;
  if (account.isPending) return <LogoLoader />;
  if (account.isError) return <FormError message={errorMessage(account.error)} />;
  const a = account.data;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold text-slate-900">
              {a.code} — {a.name}
            </h2>
            <p className="text-sm text-slate-600">
              {accountClass(a.code)} · {a.category}
              {a.journal_type ? ` · ${TREASURY_KIND_LABELS[a.journal_type]}` : ''}
              {a.operator ? ` (${a.operator})` : ''}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {a.uses === 0 ? 'Jamais utilisé' : `${a.uses} écriture${a.uses > 1 ? 's' : ''} sur ce compte`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {a.active ? <Badge tone="green">Actif</Badge> : <Badge tone="gray">Archivé</Badge>}
            {can.has('operation_account:update') && (
              <Button variant="secondary" onClick={() => setConfirm(true)}>
                {a.active ? 'Archiver' : 'Réactiver'}
              </Button>
            )}
          </div>
        </div>
      </Card>
      {can.has('operation_account:update') && (
        <Card title="Modifier le compte">
          <AccountForm
            key={a.id}
            initial={accountFormValues(a)}
            submitLabel="Enregistrer les modifications"
            onSubmit={async (values) => {
              await update.mutateAsync(toAccountBody(values));
              notify.success('Compte modifié.');
            }}
          />
        </Card>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={a.active ? 'Archiver le compte' : 'Réactiver le compte'}
        message={
          a.active
            ? 'Le compte ne sera plus proposé pour de nouvelles écritures ; ses écritures passées restent.'
            : 'Le compte sera de nouveau proposé.'
        }
        confirmLabel={a.active ? 'Archiver' : 'Réactiver'}
        loading={archive.isPending}
        onConfirm={async () => {
          if (
            await toastWrite(archive.mutateAsync(a.active), a.active ? 'Compte archivé.' : 'Compte réactivé.')
          ) {
            setConfirm(false);
          }
        }}
      />
    </div>
  );
}
