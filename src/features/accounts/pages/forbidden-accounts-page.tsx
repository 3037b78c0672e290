import { useState } from 'react';
import { errorMessage } from '@/shared/lib/errors';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { toastWrite } from '@/shared/ui/toast';
import { useAccountList, useForbiddenAccounts, useSaveForbiddenAccounts } from '../api/accounts';

/**
 * 'bureaux-nationaux/:id/comptes-interdits': the accounts forbidden to a national office and everything
 * below it; no picker offers them and every money write refuses them (operation_account:forbid).
 */
export function ForbiddenAccountsPage() {
  const paths = useSpacePaths();
  usePageTitle('Comptes interdits', { back: paths.here });
  const entity = levelEntity(useLevel());
  const officeId = entity?.entityType === 'NATIONAL_OFFICE' ? entity.entityId : null;
  const accounts = useAccountList(false);
  const forbidden = useForbiddenAccounts(officeId);
  const can = usePermissions(['operation_account:forbid'], permissionEntity(entity));
  if (officeId === null) return <FormError message="Bureau national introuvable." />;
  if (accounts.isPending || forbidden.isPending) return <LogoLoader />;
  if (accounts.isError || forbidden.isError)
    return <FormError message={errorMessage(accounts.error ?? forbidden.error)} />;
  return (
    <ForbiddenForm
      key={forbidden.data.join(',')}
      officeId={officeId}
      accounts={accounts.data}
      initial={forbidden.data}
      canEdit={can.has('operation_account:forbid')}
    />
  );
}

function ForbiddenForm({
  officeId,
  accounts,
  initial,
  canEdit,
}: {
  officeId: number;
  accounts: Array<{ id: number; code: string; name: string; category: string }>;
  initial: number[];
  canEdit: boolean;
}) {
  const [chosen, setChosen] = useState(() => new Set(initial));
  const save = useSaveForbiddenAccounts(officeId);
  const categories = [...new Set(accounts.map((a) => a.category))];
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <form
      className="mx-auto max-w-3xl space-y-4"
      aria-label="Comptes interdits"
      onSubmit={async (event) => {
        event.preventDefault();
        await toastWrite(save.mutateAsync([...chosen]), 'Comptes interdits enregistrés.');
      }}
    >
      <p className="text-sm text-slate-700">
        Les comptes cochés ne sont plus proposés au bureau national, à ses régions, sections et églises, et
        toute écriture qui les utilise est refusée.
      </p>
      {categories.map((category) => (
        <fieldset key={category} className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{category}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {accounts
              .filter((a) => a.category === category)
              .map((a) => (
                <li key={a.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={chosen.has(a.id)}
                      disabled={!canEdit}
                      onChange={() => toggle(a.id)}
                    />
                    <span>
                      {a.code} — {a.name}
                    </span>
                  </label>
                </li>
              ))}
          </ul>
        </fieldset>
      ))}
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </div>
      )}
    </form>
  );
}
