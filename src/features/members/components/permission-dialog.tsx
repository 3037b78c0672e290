import { useState } from 'react';
import type { PermissionScope, UserGrant } from '@contract/permissions';
import { PERMISSION_SCOPE_LABELS } from '@contract/values/permissions';
import { useAccount } from '@/shared/auth/account-store';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Combobox } from '@/shared/ui/combobox';
import { DateField } from '@/shared/ui/date-field';
import { Dialog } from '@/shared/ui/dialog';
import { FormError } from '@/shared/ui/form-error';
import { Select } from '@/shared/ui/select';
import { Spinner } from '@/shared/ui/spinner';
import { notify } from '@/shared/ui/toast';
import {
  useGrantPermission,
  useManageableScopes,
  usePermissionCatalogue,
  useRevokePermission,
  useScopeEntities,
  useUserGrants,
} from '../api/members-api';

export const GRANT_MESSAGES = {
  success: 'Permission accordée avec succès',
  error: "Erreur lors de l'octroi de la permission",
  revoked: 'Permission révoquée avec succès',
  revokeError: 'Erreur lors de la révocation de la permission',
  scopeRequired: 'Veuillez sélectionner un scope',
  permissionRequired: 'Veuillez sélectionner une permission',
  pastExpiry: "La date d'expiration ne peut pas être dans le passé.",
} as const;

export type PermissionDialogUser = { id: number; firstname: string; lastname: string };

/** Today as 'YYYY-MM-DD' in local time. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The end of a chosen day, local time, as ISO: a grant 'until the 28th' lasts the whole 28th. */
function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/**
 * The permission dialog of a user (SPEC.md sections 4, 5, 8): their custom grants (EXPIRÉ badge,
 * revoke) and the grant form: scope first, then permission (disabled until a scope), optional entity
 * (reset when the scope changes), optional expiry (not in the past).
 */
export function PermissionDialog({
  user,
  onClose,
}: {
  user: PermissionDialogUser | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Gérer les permissions"
      description={user ? `${user.firstname} ${user.lastname}` : undefined}
      size="lg"
    >
      {user && <PermissionPanel user={user} />}
    </Dialog>
  );
}

function GrantRow({ grant, userId }: { grant: UserGrant; userId: number }) {
  const revoke = useRevokePermission();
  const isAdmin = useAccount()?.is_super_admin === true;
  const entity =
    grant.entity_type === 'global'
      ? PERMISSION_SCOPE_LABELS.global
      : `${PERMISSION_SCOPE_LABELS[grant.entity_type]} : ${grant.entity_name ?? 'toutes'}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {/* the French name; the raw code only as a tooltip, for the administrators */}
          <span className="font-medium text-slate-900" title={isAdmin ? grant.permission : undefined}>
            {grant.permission_name}
          </span>
          {grant.expired && <Badge tone="red">EXPIRÉ</Badge>}
        </div>
        <p className="text-xs text-slate-600">
          {entity}
          {' · '}
          {grant.expires_at ? `Expire le ${formatDate(grant.expires_at)}` : 'Sans expiration'}
          {grant.grantor && ` · Accordée par ${grant.grantor.firstname} ${grant.grantor.lastname}`}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={revoke.isPending}
        onClick={async () => {
          // mutateAsync: the row leaves the list once the grants are refreshed, the message must still show
          try {
            await revoke.mutateAsync({
              user_id: userId,
              permission: grant.permission,
              entity_type: grant.entity_type,
              entity_id: grant.entity_id,
            });
            notify.success(GRANT_MESSAGES.revoked);
          } catch {
            notify.error(GRANT_MESSAGES.revokeError);
          }
        }}
      >
        Révoquer
      </Button>
    </li>
  );
}

function PermissionPanel({ user }: { user: PermissionDialogUser }) {
  const grants = useUserGrants(user.id);
  return (
    <div className="space-y-6">
      <section aria-labelledby="grants-title">
        <h3 id="grants-title" className="text-sm font-semibold text-slate-900">
          Permissions personnalisées
        </h3>
        {grants.isPending ? (
          <Spinner />
        ) : (grants.data ?? []).length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Aucune permission personnalisée accordée</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {grants.data!.map((grant) => (
              <GrantRow key={grant.id} grant={grant} userId={user.id} />
            ))}
          </ul>
        )}
      </section>
      <GrantForm userId={user.id} />
    </div>
  );
}

export function GrantForm({ userId }: { userId: number }) {
  const scopes = useManageableScopes();
  const [scope, setScope] = useState<PermissionScope | null>(null);
  const [permission, setPermission] = useState<string | null>(null);
  const [entityId, setEntityId] = useState<number | null>(null);
  const [expiry, setExpiry] = useState('');
  const [touched, setTouched] = useState({ scope: false, permission: false });
  const [permissionSearch, setPermissionSearch] = useState('');
  const [entitySearch, setEntitySearch] = useState('');
  const debouncedPermission = useDebouncedValue(permissionSearch.trim(), 500);
  const debouncedEntity = useDebouncedValue(entitySearch.trim(), 500);
  const catalogue = usePermissionCatalogue(scope, debouncedPermission);
  const entities = useScopeEntities(scope === 'global' ? null : scope, debouncedEntity);
  const grant = useGrantPermission();
  // the server's reason of a refused grant, in the form (SPEC.md's message in the toast)
  const [grantError, setGrantError] = useState<string | null>(null);
  const isAdmin = useAccount()?.is_super_admin === true;

  const scopeList = scopes.data ?? [];
  const noScopes = !scopes.isPending && scopeList.length === 0;
  const expiryError = expiry && expiry < today() ? GRANT_MESSAGES.pastExpiry : undefined;
  const canGrant = scopeList.length > 0 && scope !== null && permission !== null && !expiryError;

  const chooseScope = (value: string) => {
    setScope(value as PermissionScope);
    setPermission(null);
    // SPEC.md section 4: the entity resets when the scope changes.
    setEntityId(null);
    setPermissionSearch('');
    setEntitySearch('');
  };

  const submit = () => {
    if (!canGrant) return;
    setGrantError(null);
    grant.mutate(
      {
        user_id: userId,
        permission: permission!,
        entity_type: scope!,
        entity_id: entityId,
        expires_at: expiry ? endOfDay(expiry) : null,
      },
      {
        onSuccess: () => {
          notify.success(GRANT_MESSAGES.success);
          setPermission(null);
          setEntityId(null);
          setExpiry('');
          setTouched({ scope: false, permission: false });
        },
        onError: (error) => {
          setGrantError(errorMessage(error, GRANT_MESSAGES.error));
          notify.error(GRANT_MESSAGES.error);
        },
      },
    );
  };

  return (
    <section aria-labelledby="grant-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="grant-title" className="text-sm font-semibold text-slate-900">
        Accorder une permission
      </h3>
      {noScopes && <p className="text-sm text-slate-600">Aucun scope disponible</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Périmètre"
          required
          placeholder="Sélectionner un périmètre"
          options={scopeList.map((s) => ({ value: s.scope, label: s.label }))}
          value={scope}
          onChange={chooseScope}
          onBlur={() => setTouched((t) => ({ ...t, scope: true }))}
          disabled={scopeList.length === 0}
          error={touched.scope && !scope ? GRANT_MESSAGES.scopeRequired : undefined}
        />
        <Combobox<string>
          label="Permission"
          required
          placeholder="Rechercher une permission…"
          // the French names; the raw codes only as a detail for the administrators
          options={(catalogue.data ?? []).map((p) => ({
            value: p.code,
            label: p.name,
            description: isAdmin ? p.code : undefined,
          }))}
          value={permission}
          onChange={(value) => setPermission(value)}
          onSearchChange={setPermissionSearch}
          onBlur={() => setTouched((t) => ({ ...t, permission: true }))}
          loading={catalogue.isFetching}
          emptyText="Aucune permission trouvée"
          disabled={scope === null}
          error={
            touched.permission && scope !== null && !permission
              ? GRANT_MESSAGES.permissionRequired
              : undefined
          }
        />
        {scope !== null && scope !== 'global' && (
          <Combobox<number>
            key={scope}
            label="Entité (optionnel)"
            placeholder="Rechercher une entité…"
            options={(entities.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            value={entityId}
            onChange={(value) => setEntityId(value)}
            onSearchChange={setEntitySearch}
            loading={entities.isFetching}
            emptyText="Aucune entité trouvée"
            clearable
          />
        )}
        <DateField
          label="Expiration (optionnel)"
          value={expiry}
          min={today()}
          onChange={(event) => setExpiry(event.target.value)}
          error={expiryError}
        />
      </div>
      <FormError message={grantError} />
      <div className="flex justify-end">
        <Button type="button" disabled={!canGrant} loading={grant.isPending} onClick={submit}>
          Accorder
        </Button>
      </div>
    </section>
  );
}
