import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { useState } from 'react';
import { TRANSFER_MESSAGES } from '@contract/values/faithful';
import type { FaithfulSummary, FaithfulTransfer } from '@contract/faithful';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Combobox } from '@/shared/ui/combobox';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { notify, toastWrite } from '@/shared/ui/toast';
import {
  useDecideTransfer,
  useRequestTransfer,
  useTransferDestinations,
  useTransfers,
} from '../api/faithful';
import { TRANSFER_STATUS_LABELS } from '../lib/labels';
import { churchEntity, FAITHFUL_CODES } from '../lib/permissions';

const statusTone = { pending: 'amber', accepted: 'green', rejected: 'red', cancelled: 'gray' } as const;

type Decision = { transfer: FaithfulTransfer; action: 'accept' | 'reject' | 'cancel' };

const DECISION_TEXTS = {
  accept: {
    title: 'Accepter le transfert',
    confirm: 'Accepter',
    message: (t: FaithfulTransfer) =>
      `${t.user.firstname} ${t.user.lastname} rejoindra votre église. Ses contributions passées restent à ${t.from_church.name}.`,
    done: 'Transfert accepté.',
  },
  reject: {
    title: 'Refuser le transfert',
    confirm: 'Refuser',
    message: (t: FaithfulTransfer) =>
      `${t.user.firstname} ${t.user.lastname} restera à ${t.from_church.name}.`,
    done: 'Transfert refusé.',
  },
  cancel: {
    title: 'Annuler la demande',
    confirm: 'Annuler la demande',
    message: (t: FaithfulTransfer) =>
      `La demande de transfert de ${t.user.firstname} ${t.user.lastname} sera annulée.`,
    done: 'Demande annulée.',
  },
} as const;

function RequestForm({ churchId }: { churchId: number }) {
  const request = useRequestTransfer();
  const [selected, setSelected] = useState<FaithfulSummary[]>([]);
  const [faithfulSearch, setFaithfulSearch] = useState('');
  const debouncedFaithful = useDebouncedValue(faithfulSearch.trim(), 500);
  const faithful = useFaithfulSearch(debouncedFaithful, { churchId, enabled: churchId !== null });
  const [destination, setDestination] = useState<number | null>(null);
  const [destinationSearch, setDestinationSearch] = useState('');
  const debouncedDestination = useDebouncedValue(destinationSearch.trim(), 500);
  const destinations = useTransferDestinations(debouncedDestination);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ users?: string; destination?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const next: typeof errors = {};
    if (selected.length === 0) next.users = TRANSFER_MESSAGES.usersRequired;
    if (selected.length > 100) next.users = TRANSFER_MESSAGES.tooManyUsers;
    if (!destination) next.destination = TRANSFER_MESSAGES.destinationRequired;
    if (reason.length > 500) next.reason = TRANSFER_MESSAGES.reasonTooLong;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSending(true);
    setFailure(null);
    try {
      const created = await request.mutateAsync({
        user_ids: selected.map((f) => f.id),
        to_church_id: destination!,
        reason: reason.trim() || null,
      });
      notify.success(
        created.length > 1
          ? `${created.length} demandes de transfert envoyées.`
          : 'Demande de transfert envoyée.',
      );
      setSelected([]);
      setDestination(null);
      setReason('');
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      notify.error(message);
    } finally {
      setSending(false);
    }
  };

  const options = (faithful.data ?? []).map((f) => ({
    value: f.id,
    label: `${f.lastname} ${f.firstname}`,
    description: [f.registration_number, f.phone].filter(Boolean).join(' · ') || undefined,
    disabled: selected.some((s) => s.id === f.id),
  }));

  return (
    <Card
      title="Nouvelle demande de transfert"
      description="Le fidèle change d'église quand l'église d'accueil accepte. Ses contributions restent où elles ont été faites."
    >
      <div className="space-y-4">
        <Combobox<number>
          label="Fidèles à transférer"
          required
          options={options}
          value={null}
          onChange={(value) => {
            const found = faithful.data?.find((f) => f.id === value);
            if (found && !selected.some((s) => s.id === found.id)) setSelected([...selected, found]);
            setErrors((e) => ({ ...e, users: undefined }));
          }}
          onSearchChange={setFaithfulSearch}
          loading={faithful.isFetching}
          emptyText="Aucun fidèle trouvé"
          placeholder="Rechercher un fidèle…"
          disabledSuffix="(Déjà sélectionné)"
          error={errors.users}
        />
        {selected.length > 0 && (
          <ul aria-label="Fidèles sélectionnés" className="flex flex-wrap gap-2">
            {selected.map((f) => (
              <li
                key={f.id}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800"
              >
                {f.lastname} {f.firstname}
                <button
                  type="button"
                  aria-label={`Retirer ${f.firstname} ${f.lastname}`}
                  onClick={() => setSelected(selected.filter((s) => s.id !== f.id))}
                  className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <Combobox<number>
          label="Église d'accueil"
          required
          options={(destinations.data ?? [])
            .filter((church) => church.id !== churchId)
            .map((church) => ({ value: church.id, label: church.name, description: church.section.name }))}
          value={destination}
          onChange={(value) => {
            setDestination(value);
            setErrors((e) => ({ ...e, destination: undefined }));
          }}
          onSearchChange={setDestinationSearch}
          loading={destinations.isFetching}
          emptyText="Aucune église"
          placeholder="Rechercher une église…"
          error={errors.destination}
        />
        <TextAreaField
          label="Motif"
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <FormError message={failure} />
        <div className="flex justify-end">
          <Button onClick={submit} loading={sending}>
            Demander le transfert
          </Button>
        </div>
      </div>
    </Card>
  );
}

function TransferTable({
  direction,
  churchId,
  canDecide,
  onDecide,
}: {
  direction: 'incoming' | 'outgoing';
  churchId: number;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const transfers = useTransfers(direction, churchId);
  const columns: DataTableColumn<FaithfulTransfer>[] = [
    {
      key: 'user',
      header: 'Fidèle',
      cell: (t) => (
        <span>
          <span className="font-medium">
            {t.user.lastname} {t.user.firstname}
          </span>
          {t.user.registration_number && (
            <span className="block text-xs text-slate-500">{t.user.registration_number}</span>
          )}
        </span>
      ),
    },
    {
      key: 'church',
      header: direction === 'incoming' ? "Église d'origine" : "Église d'accueil",
      cell: (t) => (direction === 'incoming' ? t.from_church.name : t.to_church.name),
    },
    { key: 'reason', header: 'Motif', cell: (t) => t.reason ?? '—' },
    {
      key: 'date',
      header: 'Demandé le',
      cell: (t) => formatDate(t.requested_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      header: 'Statut',
      cell: (t) => <Badge tone={statusTone[t.status]}>{TRANSFER_STATUS_LABELS[t.status]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (t) =>
        t.status === 'pending' && canDecide ? (
          <span className="inline-flex gap-2">
            {direction === 'incoming' ? (
              <>
                <Button size="sm" onClick={() => onDecide({ transfer: t, action: 'accept' })}>
                  Accepter
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onDecide({ transfer: t, action: 'reject' })}
                >
                  Refuser
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onDecide({ transfer: t, action: 'cancel' })}
              >
                Annuler
              </Button>
            )}
          </span>
        ) : null,
    },
  ];
  if (transfers.isError) return <FormError message={errorMessage(transfers.error)} />;
  return (
    <DataTable
      caption={direction === 'incoming' ? 'Demandes reçues' : 'Demandes envoyées'}
      columns={columns}
      rows={transfers.data?.data}
      loading={transfers.isPending}
      emptyText={direction === 'incoming' ? 'Aucune demande reçue' : 'Aucune demande envoyée'}
    />
  );
}

/** /mon-eglise/fideles/transfert: request transfers of the church's faithful, decide on those received. */
export function FaithfulTransferPage() {
  const listPath = useSpacePaths().page('faithful.list');
  usePageTitle('Transferts de fidèles', { back: listPath });
  const level = useLevel();
  const decide = useDecideTransfer();
  const churchId = level.entityType === 'CHURCH' ? level.entityId : null;
  const permissions = usePermissions([FAITHFUL_CODES.UPDATE], churchEntity(churchId));
  const canManage = permissions.has(FAITHFUL_CODES.UPDATE);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [deciding, setDeciding] = useState(false);

  if (churchId === null) return <FormError message="Église introuvable." />;

  const confirm = async () => {
    if (!decision) return;
    setDeciding(true);
    if (
      await toastWrite(
        decide.mutateAsync({ id: decision.transfer.id, decision: decision.action }),
        DECISION_TEXTS[decision.action].done,
      )
    ) {
      setDecision(null);
    }
    setDeciding(false);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {canManage && <RequestForm churchId={churchId} />}
      <section className="space-y-2" aria-labelledby="transfers-incoming">
        <h2 id="transfers-incoming" className="text-lg font-semibold text-slate-900">
          Demandes reçues
        </h2>
        <TransferTable
          direction="incoming"
          churchId={churchId}
          canDecide={canManage}
          onDecide={setDecision}
        />
      </section>
      <section className="space-y-2" aria-labelledby="transfers-outgoing">
        <h2 id="transfers-outgoing" className="text-lg font-semibold text-slate-900">
          Demandes envoyées
        </h2>
        <TransferTable
          direction="outgoing"
          churchId={churchId}
          canDecide={canManage}
          onDecide={setDecision}
        />
      </section>
      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(open) => !open && setDecision(null)}
        title={decision ? DECISION_TEXTS[decision.action].title : ''}
        message={decision ? DECISION_TEXTS[decision.action].message(decision.transfer) : undefined}
        confirmLabel={decision ? DECISION_TEXTS[decision.action].confirm : undefined}
        danger={decision?.action !== 'accept'}
        loading={deciding}
        onConfirm={confirm}
      />
    </div>
  );
}
